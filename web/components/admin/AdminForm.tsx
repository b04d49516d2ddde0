import { Head, Link, router } from '@inertiajs/react';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../Button.tsx';
import { Card } from '../Card.tsx';
import { Field, type FieldProps } from '../Field.tsx';
import { FormSaved } from '../FormSaved.tsx';
import { InputError, inputClasses } from '../Input.tsx';

/**
 * The parts every admin form page is made of (articles, teams, pros, gear, setups): the page
 * header with its way back, the form-level alert, labelled select / textarea / file fields
 * wired like `Field`, the submit row, and the delete card that asks before it deletes.
 */

export type FormErrors = Partial<Record<string, string>>;

/** The form-level error (`errors._`), e.g. a refused command without a field to blame. */
export function formError(errors: FormErrors): string | undefined {
  return errors['_'];
}

/** "Teams › New team": the list it belongs to, then the page's title. */
export function AdminPageHeader({
  title,
  back,
  description,
  action,
}: {
  title: ReactNode;
  /** The list page this one belongs to. */
  back?: { href: string; label: string };
  description?: ReactNode;
  /** A button at the right (e.g. "New item"). */
  action?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        {back && (
          <p className="text-sm text-ink-muted">
            <Link href={back.href} className="hover:text-ink hover:underline">
              {back.label}
            </Link>
          </p>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      </div>
      {action}
    </header>
  );
}

/** A form-level problem, announced at once; `children` may offer a way out. */
export function FormAlert({
  message,
  children,
}: {
  message?: string | undefined;
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
      data-test="form-error"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid flex-1 gap-2">
        <p>{message}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * The form-level alert of an edit form opened at a revision: when a save was refused because
 * the record changed meanwhile (`behind`), it offers to load the current version.
 */
export function StaleFormAlert({
  errors,
  behind,
  onLoadCurrent,
}: {
  errors: FormErrors;
  behind: boolean;
  onLoadCurrent: () => void;
}) {
  return (
    <FormAlert message={formError(errors)}>
      {behind && (
        <div>
          <Button size="sm" variant="secondary" onClick={onLoadCurrent} data-test="load-current">
            Load the current version
          </Button>
        </div>
      )}
    </FormAlert>
  );
}

interface Described {
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

function described(id: string, hint: unknown, error: unknown): Described {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    hintId,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
}

function FieldShell({
  id,
  label,
  required,
  hint,
  error,
  ids,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  ids: Described;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      <InputError id={ids.errorId} message={error} />
    </div>
  );
}

/**
 * The slug of an address (`/news/<slug>`, `/teams/<slug>`): a `Field` labelled "Slug", typed
 * as is (no capitals, no spell check) in a monospace font.
 */
export function SlugField(
  props: Omit<FieldProps, 'label' | 'autoCapitalize' | 'spellCheck' | 'className'>,
) {
  return (
    <Field label="Slug" {...props} autoCapitalize="none" spellCheck={false} className="font-mono" />
  );
}

/** A labelled textarea wired like `Field` (hint and error announced, `aria-invalid`). */
export function TextAreaField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  rows,
  maxLength,
  className,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  rows: number;
  maxLength?: number;
  className?: string;
}) {
  const id = `field-${name}-${useId()}`;
  const ids = described(id, hint, error);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} ids={ids}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(inputClasses, 'h-auto py-2 leading-6', className)}
        data-test={`field-${name}`}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled select wired like `Field`; `placeholder` adds an empty first choice. */
export function SelectField({
  label,
  name,
  value,
  options,
  onChange,
  error,
  hint,
  required,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  placeholder?: string;
}) {
  const id = `field-${name}-${useId()}`;
  const ids = described(id, hint, error);
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} ids={ids}>
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={inputClasses}
        data-test={`field-${name}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A labelled file input wired like `Field`, with the upload's progress while the form is sent
 * (Inertia's `form.progress`, a native <progress> that assistive technology announces).
 */
export function FileField({
  label,
  name,
  accept,
  onChange,
  error,
  hint,
  required,
  progress,
}: {
  label: string;
  name: string;
  accept?: string;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** Percent sent, while an upload is under way. */
  progress?: number | null | undefined;
}) {
  const id = `field-${name}-${useId()}`;
  const ids = described(id, hint, error);
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} ids={ids}>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        required={required}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(inputClasses, 'h-auto py-1.5 file:mr-3 file:rounded file:border-0')}
        data-test={`field-${name}`}
      />
      {progress != null && (
        <progress
          max={100}
          value={progress}
          aria-label={`Uploading: ${Math.round(progress)}%`}
          className="h-2 w-full"
          data-test="upload-progress"
        >
          {Math.round(progress)}%
        </progress>
      )}
    </FieldShell>
  );
}

/** The submit button, then a cancel link (create) or the "Saved" note (edit). */
export function FormActions({
  label,
  busy,
  cancelHref,
  saved,
  testId,
}: {
  label: string;
  busy: boolean;
  cancelHref?: string;
  saved?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <Button type="submit" busy={busy} data-test={testId}>
        {label}
      </Button>
      {cancelHref && (
        <Link href={cancelHref} className="text-sm text-ink-muted hover:text-ink hover:underline">
          Cancel
        </Link>
      )}
      {saved !== undefined && <FormSaved show={saved} />}
    </div>
  );
}

/** "Delete this …": asks first, then sends DELETE to `href` (busy until it answers). */
export function DeleteCard({
  title,
  question,
  confirmLabel,
  buttonLabel,
  href,
  testId,
  description,
  keepLabel = 'Keep',
}: {
  title: string;
  question: ReactNode;
  confirmLabel: string;
  buttonLabel: string;
  href: string;
  testId?: string;
  /** What deleting does, beside the first button. */
  description?: ReactNode;
  keepLabel?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const destroy = () =>
    router.delete(href, {
      onStart: () => setDeleting(true),
      onFinish: () => setDeleting(false),
    });
  return (
    <Card title={title} className="mt-10 max-w-3xl border-danger/40">
      {confirming ? (
        <div className="grid gap-3" role="alert">
          <p className="text-sm text-ink">{question}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" busy={deleting} onClick={destroy} data-test="confirm-delete">
              {confirmLabel}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {keepLabel}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {description && <p className="text-sm text-ink-muted">{description}</p>}
          <Button variant="danger" onClick={() => setConfirming(true)} data-test={testId}>
            {buttonLabel}
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * An admin "new …" page: title, the way back to the list, the form with its form-level alert,
 * the fields in a card, and the submit row with Cancel.
 */
export function AdminCreatePage({
  title,
  back,
  onSubmit,
  errors,
  busy,
  submitLabel,
  formTestId,
  submitTestId,
  children,
}: {
  title: string;
  back: { href: string; label: string };
  onSubmit: (event: FormEvent) => void;
  errors: FormErrors;
  busy: boolean;
  submitLabel: string;
  formTestId: string;
  submitTestId: string;
  /** The fields. */
  children: ReactNode;
}) {
  return (
    <>
      <Head title={title} />
      <AdminPageHeader title={title} back={back} />
      <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-6" data-test={formTestId}>
        <FormAlert message={formError(errors)} />
        <Card>{children}</Card>
        <FormActions label={submitLabel} busy={busy} cancelHref={back.href} testId={submitTestId} />
      </form>
    </>
  );
}

/**
 * An admin edit page: title, the way back to the list, the form opened at a revision with its
 * stale-revision alert, the fields in a card, the submit row with its "Saved" note, and the
 * delete card below the form.
 */
export function AdminEditPage({
  headTitle,
  title,
  back,
  description,
  action,
  onSubmit,
  revisionField,
  errors,
  behind,
  onLoadCurrent,
  busy,
  saved,
  submitLabel,
  formTestId,
  submitTestId,
  remove,
  children,
}: {
  /** The document title (default: `title`). */
  headTitle?: string;
  title: string;
  back: { href: string; label: string };
  description?: ReactNode;
  action?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The revision the form was opened at, also as a hidden `expectedRevision` field. */
  revisionField?: string;
  errors: FormErrors;
  behind: boolean;
  onLoadCurrent: () => void;
  busy: boolean;
  saved: boolean;
  submitLabel: string;
  formTestId: string;
  submitTestId: string;
  /** The delete card's props. */
  remove: Parameters<typeof DeleteCard>[0];
  /** The fields. */
  children: ReactNode;
}) {
  return (
    <>
      <Head title={headTitle ?? title} />
      <AdminPageHeader title={title} back={back} description={description} action={action} />
      <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-6" data-test={formTestId}>
        {revisionField !== undefined && (
          <input type="hidden" name="expectedRevision" value={revisionField} />
        )}
        <StaleFormAlert errors={errors} behind={behind} onLoadCurrent={onLoadCurrent} />
        <Card>{children}</Card>
        <FormActions label={submitLabel} busy={busy} saved={saved} testId={submitTestId} />
      </form>
      <DeleteCard {...remove} />
    </>
  );
}
