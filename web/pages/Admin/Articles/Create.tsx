import { Head, Link, useForm } from '@inertiajs/react';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { Field } from '../../../components/Field.tsx';
import { InputError, inputClasses } from '../../../components/Input.tsx';
import { route } from '../../../generated/routes.ts';
import { cn } from '../../../lib/cn.ts';
import { suggestSlug } from './slug.ts';
import type { ArticleLimits } from './types.ts';

export interface Props {
  limits: ArticleLimits;
}

/** The four fields an editor writes; create and edit share them. */
export interface ArticleFormFields {
  title: string;
  slug: string;
  excerpt: string;
  bodyMarkdown: string;
}

/** `/admin/articles/create`: a new draft. The slug follows the title until it is edited. */
export default function CreateArticle({ limits }: Props) {
  const form = useForm<ArticleFormFields>({ title: '', slug: '', excerpt: '', bodyMarkdown: '' });
  const [slugEdited, setSlugEdited] = useState(false);

  const change = (field: keyof ArticleFormFields, value: string) => {
    if (field === 'slug') setSlugEdited(value !== '');
    if (field === 'title' && !slugEdited) {
      form.setData((data) => ({ ...data, title: value, slug: suggestSlug(value, limits.slugMax) }));
      return;
    }
    form.setData(field, value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('admin.articles.store'), { preserveScroll: true });
  };

  return (
    <>
      <Head title="New article" />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-ink-muted">
            <Link href={route('admin.articles')} className="hover:text-ink hover:underline">
              Articles
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight text-ink">New article</h1>
        </div>
      </header>
      <form onSubmit={submit} noValidate className="grid max-w-3xl gap-6" data-test="article-form">
        <FormAlert message={formError(form.errors)} />
        <Card>
          <ArticleFields
            data={form.data}
            errors={form.errors}
            limits={limits}
            onChange={change}
            slugHint="Suggested from the title. Lowercase words joined by hyphens; it becomes the address /news/<slug>."
          />
        </Card>
        <div className="flex items-center gap-3">
          <Button type="submit" busy={form.processing} data-test="article-submit">
            Create draft
          </Button>
          <Link
            href={route('admin.articles')}
            className="text-sm text-ink-muted hover:text-ink hover:underline"
          >
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}

/** The form-level error (`errors._`), e.g. a refused command without a field to blame. */
export function formError(errors: Partial<Record<string, string>>): string | undefined {
  return errors['_'];
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

/** Title, slug, excerpt and markdown body with their limits, hints and server errors. */
export function ArticleFields({
  data,
  errors,
  limits,
  onChange,
  slugHint,
}: {
  data: ArticleFormFields;
  errors: Partial<Record<string, string>>;
  limits: ArticleLimits;
  onChange: (field: keyof ArticleFormFields, value: string) => void;
  slugHint: string;
}) {
  return (
    <div className="grid gap-5">
      <Field
        label="Title"
        name="title"
        required
        value={data.title}
        maxLength={limits.titleMax}
        onChange={(e) => onChange('title', e.target.value)}
        error={errors.title}
        hint={`${limits.titleMin}–${limits.titleMax} characters.`}
      />
      <Field
        label="Slug"
        name="slug"
        value={data.slug}
        maxLength={limits.slugMax}
        onChange={(e) => onChange('slug', e.target.value)}
        error={errors.slug}
        hint={slugHint}
        autoCapitalize="none"
        spellCheck={false}
        className="font-mono"
      />
      <TextAreaField
        label="Excerpt"
        name="excerpt"
        rows={3}
        value={data.excerpt}
        maxLength={limits.excerptMax}
        onChange={(value) => onChange('excerpt', value)}
        error={errors.excerpt}
        hint={`Optional, at most ${limits.excerptMax} characters (${data.excerpt.length} used). Shown in lists; without one, the body's first words are.`}
      />
      <TextAreaField
        label="Body (Markdown)"
        name="bodyMarkdown"
        rows={18}
        value={data.bodyMarkdown}
        maxLength={limits.bodyMax}
        onChange={(value) => onChange('bodyMarkdown', value)}
        error={errors.bodyMarkdown}
        hint={`Markdown: ## headings, **bold**, lists, links, tables. May be empty while a draft; needed to publish. At most ${limits.bodyMax.toLocaleString('en')} characters.`}
        className="font-mono"
      />
    </div>
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
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={cn(inputClasses, 'h-auto py-2 leading-6', className)}
        data-test={`field-${name}`}
      />
      {hint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      <InputError id={errorId} message={error} />
    </div>
  );
}
