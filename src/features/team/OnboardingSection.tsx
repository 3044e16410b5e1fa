import { useId, useState } from 'react';
import { getOnboarding, setOnboardingItem } from '../../api/team.ts';
import type { Onboarding, Tutor } from '../../contract/entities.ts';
import { onboardingItems } from '../../contract/onboarding.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { formatLongDate } from '../../lib/time-format.ts';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { useRead } from '../../ui/use-read.ts';
import styles from './team.module.css';

const failureText = (result: { status: 'network-error' } | { status: 'failure'; error: Parameters<typeof errorMessage>[0] }) =>
  result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error);

/**
 * A team card's onboarding checklist (issue 25): each item ticked with who ticked it and when,
 * saved as it is ticked, and whether the tutor has a photo. `onProgress` tells the card its count.
 */
export function OnboardingSection({ tutor, onProgress }: { tutor: Tutor; onProgress: (done: number, hasPhoto: boolean) => void }) {
  const titleId = useId();
  const { state: load, reload, setData } = useRead<Onboarding>(() => getOnboarding(tutor.id), [tutor.id]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function toggle(item: string, done: boolean) {
    if (busy) return;
    setBusy(item);
    setError(null);
    const result = await setOnboardingItem(tutor.id, item, done);
    setBusy(null);
    if (result.status !== 'success') return setError(failureText(result));
    setData(result.data);
    onProgress(result.data.items.filter((i) => i.done).length, result.data.has_photo);
  }

  let content;
  if (load.status === 'loading') content = <Loader text="Loading onboarding…" />;
  else if (load.status === 'error') content = <LoadError message={load.message} onRetry={reload} />;
  else {
    const onboarding = load.data;
    content = (
      <>
        <ul className={styles.onboarding} aria-labelledby={titleId}>
          {onboardingItems.map(({ key, label }) => {
            const done = onboarding.items.find((i) => i.item === key)?.done ?? null;
            return (
              <li key={key}>
                <label className={styles.onboardingItem}>
                  <input type="checkbox" checked={done !== null} disabled={busy !== null} aria-busy={busy === key || undefined} onChange={(event) => void toggle(key, event.target.checked)} />
                  <span>
                    {label}
                    {done && (
                      <span className={styles.muted}>
                        {' '}
                        — ticked by {done.by.name} on {formatLongDate(done.epoch)}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <p className={onboarding.has_photo ? styles.muted : styles.warning}>
          {onboarding.has_photo ? 'Photo: uploaded.' : 'No photo yet: the home page shows their initials until one is uploaded (Change Photo).'}
        </p>
      </>
    );
  }

  return (
    <section className={styles.detailsSection} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Onboarding
      </h3>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {content}
    </section>
  );
}
