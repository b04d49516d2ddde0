import { Field } from '../../../components/Field.tsx';
import { AdminCreatePage, SlugField, TextAreaField } from '../../../components/admin/AdminForm.tsx';
import { bindFields } from '../../../components/admin/bind-fields.ts';
import { useCreateForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import { useSlugFollows } from '../../../hooks/use-slug-follows.ts';
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
  const { form, fields, page } = useCreateForm<ArticleFormFields>(
    { title: '', slug: '', excerpt: '', bodyMarkdown: '' },
    { url: route('admin.articles.store') },
  );
  const change = useSlugFollows<ArticleFormFields>(form.setData, 'title', limits.slugMax);
  return (
    <AdminCreatePage
      title="New article"
      back={{ href: route('admin.articles'), label: 'Articles' }}
      {...page}
      submitLabel="Create draft"
      formTestId="article-form"
      submitTestId="article-submit"
    >
      <ArticleFields
        {...fields}
        limits={limits}
        onChange={change}
        slugHint="Suggested from the title. Lowercase words joined by hyphens; it becomes the address /news/<slug>."
      />
    </AdminCreatePage>
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
  const bind = bindFields(data, errors, onChange);
  return (
    <div className="grid gap-5">
      <Field
        label="Title"
        {...bind.field('title')}
        required
        maxLength={limits.titleMax}
        hint={`${limits.titleMin}–${limits.titleMax} characters.`}
      />
      <SlugField {...bind.field('slug')} maxLength={limits.slugMax} hint={slugHint} />
      <TextAreaField
        label="Excerpt"
        {...bind.control('excerpt')}
        rows={3}
        maxLength={limits.excerptMax}
        hint={`Optional, at most ${limits.excerptMax} characters (${data.excerpt.length} used). Shown in lists; without one, the body's first words are.`}
      />
      <TextAreaField
        label="Body (Markdown)"
        {...bind.control('bodyMarkdown')}
        rows={18}
        maxLength={limits.bodyMax}
        hint={`Markdown: ## headings, **bold**, lists, links, tables. May be empty while a draft; needed to publish. At most ${limits.bodyMax.toLocaleString('en')} characters.`}
        className="font-mono"
      />
    </div>
  );
}
