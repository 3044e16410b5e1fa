import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { getCourses } from '../../api/catalog.ts';
import { getEmbedOrigins, putEmbedOrigins } from '../../api/embed.ts';
import type { EmbedOrigins } from '../../contract/entities.ts';
import { type SchoolId, site } from '../../config/site.ts';
import type { Course } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { type EmbedMode, type EmbedOption, type EmbedOptions, embedSnippet } from '../../lib/embed-options.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { type ReadState, useRead } from '../../ui/use-read.ts';
import {
  browserSupports,
  type EmbedForm,
  formOptions,
  framePath,
  ignoredOptions,
  INITIAL_FORM,
  pickerColour,
  schoolCourseNumbers,
  typedOriginProblem,
  zoneChoices,
} from './embed-model.ts';
import styles from './embed.module.css';

/**
 * Embed (issue 26, supervisors): the booking widget's snippet for a partner's page, written from a
 * form (school, course, colours, inline or pop-up) with a live preview, and the list of sites
 * allowed to frame the widget.
 */
export function EmbedScreen({ onDenied }: { onDenied: () => void }) {
  const titleId = useId();
  const [form, setForm] = useState<EmbedForm>(INITIAL_FORM);
  const courses = useRead<Course[]>(() => getCourses(), []);
  const options = formOptions(form);
  // The dashboard's own address: the site serves the widget's script and frame too.
  const snippet = embedSnippet(typeof window === 'undefined' ? '' : window.location.origin, options, form.mode);

  return (
    <section aria-labelledby={titleId} className={styles.screen}>
      <h1 id={titleId}>Embed</h1>
      <p className={styles.intro}>
        A partner&apos;s page (a school club, a WordPress page, a tutor&apos;s own site) can offer booking with the snippet below. Choose its options, copy it, and
        add the partner&apos;s site to the allowed sites: the widget shows only on those.
      </p>
      <WidgetForm form={form} onChange={setForm} options={options} courses={courses.state} />
      <SnippetBox snippet={snippet} />
      <Preview options={options} mode={form.mode} />
      <AllowedSites onDenied={onDenied} />
    </section>
  );
}

const IGNORED_HINT: Partial<Record<EmbedOption, string>> = {
  accent: 'The widget will not use this colour: write a CSS colour, like #1d4ed8 or teal.',
  radius: 'The widget will not use this radius: write a CSS length, like 10px or 0.5rem.',
};

function WidgetForm({ form, onChange, options, courses }: { form: EmbedForm; onChange: (form: EmbedForm) => void; options: EmbedOptions; courses: ReadState<Course[]> }) {
  const schoolId = useId();
  const courseId = useId();
  const zoneId = useId();
  const [zones] = useState(zoneChoices);
  const set = (change: Partial<EmbedForm>) => onChange({ ...form, ...change });
  const numbers = courses.status === 'ready' ? schoolCourseNumbers(courses.data, form.school) : [];
  const ignored = new Set(ignoredOptions(options, browserSupports));
  const courseNote =
    !form.school ? 'Choose a school first.' : courses.status === 'loading' ? 'Loading the courses…' : courses.status === 'error' ? `The courses did not load: ${courses.message}` : null;

  return (
    <form className={styles.form} aria-label="Widget options" onSubmit={(event) => event.preventDefault()}>
      <div className={styles.field}>
        <label htmlFor={schoolId} className={styles.label}>
          School
        </label>
        <select
          id={schoolId}
          className={styles.input}
          value={form.school}
          // Another school's course is not offered there: the course goes with the school.
          onChange={(event) => set({ school: event.target.value as SchoolId | '', course: '' })}
        >
          <option value="">None: the person chooses</option>
          {site.schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={courseId} className={styles.label}>
          Course
        </label>
        <select
          id={courseId}
          className={styles.input}
          value={form.course}
          onChange={(event) => set({ course: event.target.value })}
          aria-describedby={courseNote ? `${courseId}-note` : undefined}
        >
          <option value="">None: the person chooses</option>
          {numbers.map((number) => (
            <option key={number} value={number}>
              {number}
            </option>
          ))}
        </select>
        {courseNote && (
          <p id={`${courseId}-note`} className={styles.hint}>
            {courseNote}
          </p>
        )}
      </div>
      <div className={styles.colour}>
        <TextInput
          label="Accent colour"
          value={form.accent}
          onChange={(accent) => set({ accent })}
          placeholder="#1d4ed8"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          hint={ignored.has('accent') ? IGNORED_HINT.accent : 'For buttons and links. Empty: our blue.'}
        />
        <input
          type="color"
          className={styles.picker}
          aria-label="Pick the accent colour"
          value={pickerColour(form.accent)}
          onChange={(event) => set({ accent: event.target.value })}
        />
      </div>
      <TextInput
        label="Corner radius"
        value={form.radius}
        onChange={(radius) => set({ radius })}
        placeholder="10px"
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        hint={ignored.has('radius') ? IGNORED_HINT.radius : 'Empty: 10px.'}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={form.hostFont} onChange={(event) => set({ hostFont: event.target.checked })} />
        Use the host page&apos;s font
      </label>
      <div className={styles.field}>
        <label htmlFor={zoneId} className={styles.label}>
          Shown time zone
        </label>
        <select id={zoneId} className={styles.input} value={form.zone} onChange={(event) => set({ zone: event.target.value })}>
          <option value="">The viewer&apos;s own</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone === site.timeZone ? `${zone} (the campus)` : zone}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.modes}>
        <legend className={styles.label}>How it shows</legend>
        {(
          [
            ['inline', 'Inline, in the page'],
            ['popup', 'As a pop-up, from a button'],
          ] as const
        ).map(([mode, label]) => (
          <label key={mode} className={styles.mode}>
            <input type="radio" name="embed-mode" value={mode} checked={form.mode === mode} onChange={() => set({ mode })} />
            {label}
          </label>
        ))}
      </fieldset>
    </form>
  );
}

function SnippetBox({ snippet }: { snippet: string }) {
  const snippetId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  // The answer of the last Copy, for the snippet it copied: a changed snippet is not 'Copied'.
  const [copied, setCopied] = useState<{ snippet: string; ok: boolean } | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied({ snippet, ok: true });
    } catch {
      // No clipboard, or the browser refused it: the text is selected for the person to copy.
      box.current?.select();
      setCopied({ snippet, ok: false });
    }
  }

  const status = copied?.snippet !== snippet ? '' : copied.ok ? 'Copied' : 'Your browser did not let us copy. The snippet is selected: press Ctrl+C (⌘C on a Mac) to copy it.';
  return (
    <div className={styles.snippet}>
      <label htmlFor={snippetId} className={styles.label}>
        Snippet for the partner&apos;s page
      </label>
      <textarea ref={box} id={snippetId} className={styles.code} readOnly value={snippet} rows={snippet.split('\n').length + 2} spellCheck={false} />
      <div className={styles.actions}>
        <Button variant="secondary" thin onClick={copy}>
          Copy
        </Button>
        <p className={copied?.ok === false ? styles.problem : styles.done} aria-live="polite">
          {status}
        </p>
      </div>
    </div>
  );
}

/** A value once it has not changed for `ms`: the preview reloads when typing pauses, not at each key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Preview({ options, mode }: { options: EmbedOptions; mode: EmbedMode }) {
  const headingId = useId();
  const src = useSettled(framePath(options), 400);
  const [open, setOpen] = useState(false);
  const frame = <iframe title="Booking widget preview" src={src} className={styles.frame} />;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>Preview</h2>
      {mode === 'inline' ? (
        <>
          <p className={styles.note}>The widget as the partner&apos;s page shows it. There it grows to fit its content; here it scrolls.</p>
          {frame}
        </>
      ) : (
        <>
          <p className={styles.note}>The partner&apos;s button opens the widget in a dialog on their page, as this one does.</p>
          <button
            type="button"
            className={styles.popupButton}
            style={{ background: options.accent, borderRadius: options.radius, fontFamily: options.font }}
            onClick={() => setOpen(true)}
          >
            Book a session
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Book a session" secondary={[{ label: 'Close', onClick: () => setOpen(false) }]}>
            {frame}
          </Modal>
        </>
      )}
    </section>
  );
}

function AllowedSites({ onDenied }: { onDenied: () => void }) {
  const headingId = useId();
  const { state, reload, setData } = useRead<EmbedOrigins>(() => getEmbedOrigins(), [], { onDenied });
  const [typed, setTyped] = useState('');
  const [addProblem, setAddProblem] = useState<string | undefined>();
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  // One change at a time: each sends the whole list, so a second would undo the first.
  const [saving, setSaving] = useState<string | null>(null);

  /** Sends the whole new list; the sentence of a refusal, or null once the list shown is the stored one. */
  async function save(origins: string[], what: string): Promise<string | null> {
    setSaving(what);
    const result = await putEmbedOrigins(origins);
    setSaving(null);
    if (result.status === 'success') {
      setData(result.data);
      return null;
    }
    if (result.status === 'network-error') return NETWORK_MESSAGE;
    const denied = result.error.type === 'NotAuthorized' || result.error.type === 'Unauthorized';
    if (denied) onDenied();
    return errorMessage(result.error);
  }

  if (state.status === 'loading') return <Loader text="Loading the allowed sites…" />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;
  const { origins } = state.data;

  async function add(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setDone('');
    setRemoveProblem(null);
    const problem = typedOriginProblem(typed, origins);
    setAddProblem(problem ?? undefined);
    if (problem) return;
    const refusal = await save([...origins, typed.trim()], 'add');
    if (refusal) return setAddProblem(refusal);
    setDone(`Added ${typed.trim()}. The widget shows there within a minute.`);
    setTyped('');
  }

  async function remove(origin: string) {
    if (saving) return;
    setDone('');
    setAddProblem(undefined);
    setRemoveProblem(null);
    const refusal = await save(
      origins.filter((o) => o !== origin),
      origin,
    );
    if (refusal) return setRemoveProblem(refusal);
    setDone(`Removed ${origin}. Within a minute the widget no longer shows there.`);
  }

  return (
    <section aria-labelledby={headingId} className={styles.section} aria-busy={state.refreshing || undefined}>
      <h2 id={headingId}>Allowed sites</h2>
      <p className={styles.note}>Only these sites may show the widget in their pages. A change takes effect within a minute.</p>
      {origins.length === 0 ? (
        <p className={styles.empty}>No site may embed the widget yet. Add a site&apos;s address, like https://www.example.org.</p>
      ) : (
        <ul className={styles.origins} aria-label="Allowed sites">
          {origins.map((origin) => (
            <li key={origin} className={styles.origin}>
              <span className={styles.originText}>{origin}</span>
              <Button variant="secondary" thin loading={saving === origin} aria-label={`Remove ${origin}`} onClick={() => remove(origin)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {removeProblem && (
        <p className={styles.problem} role="alert">
          {removeProblem}
        </p>
      )}
      <form className={styles.addForm} onSubmit={add} noValidate aria-label="Add a site">
        <TextInput
          label="Site's address"
          type="url"
          inputMode="url"
          value={typed}
          onChange={setTyped}
          placeholder="https://www.example.org"
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
          error={addProblem}
        />
        <Button type="submit" loading={saving === 'add'}>
          Add
        </Button>
      </form>
      <p className={styles.done} role="status">
        {done}
      </p>
    </section>
  );
}
