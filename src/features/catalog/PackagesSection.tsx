import { type FormEvent, useId, useState } from 'react';
import { archivePackage, createPackage } from '../../api/catalog-admin.ts';
import type { CatalogPackage } from '../../contract/entities.ts';
import { Button } from '../../ui/Button.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { DOLLARS_HINT, failureMessage } from './catalog-model.ts';
import { checkPackage, EMPTY_PACKAGE, type PackageDraft, type PackageErrors, packageContents, packageFieldErrors, packageTerms } from './package-model.ts';
import styles from './catalog.module.css';

export interface PackagesSectionProps {
  packages: CatalogPackage[];
  /** A package was added or archived: the screen shows it as the server answered. */
  onPackage: (pkg: CatalogPackage, said: string) => void;
}

/**
 * Hour packages (docs/contract-extensions.md 'Hour packages'): those on sale and the archived ones,
 * each taken off sale or put back with one button, and the form that puts a new one on sale.
 */
export function PackagesSection({ packages, onPackage }: PackagesSectionProps) {
  const titleId = useId();
  const [said, setSaid] = useState<string | null>(null);
  const changed = (pkg: CatalogPackage, sentence: string) => {
    setSaid(sentence);
    onPackage(pkg, sentence);
  };
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Hour packages
      </h2>
      <p className={styles.lead}>Hours of one size sold at once, cheaper by the hour. Archiving a package takes it off sale; hours already bought stay theirs.</p>
      {packages.length === 0 ? (
        <p className={styles.muted}>No hour packages yet: add the first one below.</p>
      ) : (
        <ul className={styles.courses} aria-label="Hour packages">
          {packages.map((pkg) => (
            <PackageRow key={String(pkg.id)} pkg={pkg} onChanged={changed} />
          ))}
        </ul>
      )}
      <p className={styles.success} role="status">
        {said}
      </p>
      <AddPackageForm onAdded={(pkg) => changed(pkg, `${pkg.name} is on sale.`)} />
    </section>
  );
}

function PackageRow({ pkg, onChanged }: { pkg: CatalogPackage; onChanged: (pkg: CatalogPackage, said: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    setBusy(true);
    setError(null);
    const result = await archivePackage(pkg.id, pkg.archived);
    setBusy(false);
    if (result.status === 'success') return onChanged(result.data, `${pkg.name} ${result.data.archived ? 'is off sale.' : 'is on sale again.'}`);
    setError(failureMessage(result));
  }
  return (
    <li className={`${styles.course} ${pkg.archived ? styles.archived : ''}`}>
      <div className={styles.courseHead}>
        <p className={styles.courseText}>
          <span className={styles.courseNumber}>
            {pkg.name}
            {pkg.archived && <span className={styles.chip}>Archived</span>}
          </span>
          <span>{packageContents(pkg)}</span>
          <span className={styles.muted}>{packageTerms(pkg)}</span>
        </p>
        <Button variant="secondary" thin loading={busy} aria-label={`${pkg.archived ? 'Put back on sale' : 'Archive'}: ${pkg.name}`} onClick={() => void toggle()}>
          {pkg.archived ? 'Put back on sale' : 'Archive'}
        </Button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** The add form: checked before sending, and what was typed stays on any refusal. */
function AddPackageForm({ onAdded }: { onAdded: (pkg: CatalogPackage) => void }) {
  const sizeId = useId();
  const [draft, setDraft] = useState<PackageDraft>(EMPTY_PACKAGE);
  const [errors, setErrors] = useState<PackageErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = (name: keyof PackageDraft) => ({ value: draft[name], error: errors[name], onChange: (value: string) => setDraft({ ...draft, [name]: value }) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const checked = checkPackage(draft);
    setMessage(null);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setSaving(true);
    const result = await createPackage(checked.input);
    setSaving(false);
    if (result.status === 'success') {
      setDraft(EMPTY_PACKAGE);
      return onAdded(result.data);
    }
    const fields = result.status === 'failure' && result.error.type === 'BadInput' ? (result.error as { fields?: Record<string, string> }).fields : undefined;
    if (fields) setErrors(packageFieldErrors(fields));
    else setMessage(failureMessage(result));
  }

  return (
    <form className={styles.priceForm} onSubmit={submit} noValidate aria-label="Add an hour package">
      <h3 className={styles.priceName}>Add a package</h3>
      <TextInput label="Name" autoComplete="off" {...field('name')} />
      <div className={styles.field}>
        <label htmlFor={sizeId} className={styles.label}>
          Size
        </label>
        <select id={sizeId} className={styles.select} value={draft.capacity} onChange={(event) => setDraft({ ...draft, capacity: event.target.value })}>
          <option value="1">One-on-One</option>
          <option value="2">Group-of-Two</option>
        </select>
      </div>
      <TextInput label="Hours" inputMode="numeric" autoComplete="off" {...field('hours')} />
      <TextInput label="Bonus hours" inputMode="numeric" autoComplete="off" hint="Given with the hours bought; never refunded as money" {...field('bonus_hours')} />
      <TextInput label="Price" inputMode="decimal" autoComplete="off" hint={DOLLARS_HINT} {...field('price')} />
      <TextInput label="Valid for (days)" inputMode="numeric" autoComplete="off" {...field('valid_days')} />
      {message && (
        <p className={styles.error} role="alert">
          {message}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" thin loading={saving}>
          Add package
        </Button>
      </div>
    </form>
  );
}
