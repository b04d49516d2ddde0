import { Head, Link, router } from '@inertiajs/react';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { route } from '../../../generated/routes.ts';
import { cn } from '../../../lib/cn.ts';
import { articleBodyClasses } from '../../../lib/article-format.ts';
import { FormActions, StaleFormAlert } from '../../../components/admin/AdminForm.tsx';
import { useEditForm } from '../../../components/admin/useEditForm.ts';
import { ArticleFields, type ArticleFormFields } from './Create.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import type { AdminArticleEdit, ArticleLimits } from './types.ts';

export interface Props {
  article: AdminArticleEdit;
  limits: ArticleLimits;
}

const fieldsOf = (article: AdminArticleEdit): ArticleFormFields => ({
  title: article.title,
  slug: article.slug,
  excerpt: article.excerpt,
  bodyMarkdown: article.bodyMarkdown,
});

const articleOf = (page: { props: unknown }) => (page.props as Props).article;

/**
 * `/admin/articles/{id}`: edit, publish and unpublish one article. The form carries the
 * revision it was opened at (`expectedRevision`); when the article changed since, the server
 * refuses the save and the form offers to load the current version. Publishing and
 * unpublishing are blocked while there are unsaved changes, so they never publish something
 * other than what the editor sees.
 */
export default function EditArticle({ article, limits }: Props) {
  const { form, behind, load, fields, page } = useEditForm(article, fieldsOf, {
    url: route('admin.articles.update', { id: article.id }),
    recordOf: (props) => (props as Props).article,
  });
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [toggling, setToggling] = useState(false);

  const togglePublished = () => {
    const options = {
      preserveScroll: true,
      onStart: () => setToggling(true),
      onFinish: () => setToggling(false),
      onSuccess: (page: { props: unknown }) => {
        if (!form.isDirty) load(articleOf(page));
      },
    };
    if (article.status === 'published') {
      router.delete(route('admin.articles.unpublish', { id: article.id }), options);
    } else {
      router.patch(route('admin.articles.publish', { id: article.id }), {}, options);
    }
  };

  return (
    <>
      <Head title={`Edit: ${article.title}`} />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">
            <Link href={route('admin.articles')} className="hover:text-ink hover:underline">
              Articles
            </Link>
          </p>
          <h1 className="truncate text-2xl font-bold tracking-tight text-ink">{article.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <StatusBadge status={article.status} />
            {article.publishedAt && (
              <span>
                First published{' '}
                <time dateTime={article.publishedAt}>{formatDateTime(article.publishedAt)}</time>
              </span>
            )}
            {article.updatedAt && (
              <span>
                · Last changed{' '}
                <time dateTime={article.updatedAt}>{formatDateTime(article.updatedAt)}</time>
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {article.status === 'published' && (
            <a
              href={route('news.show', { slug: article.slug })}
              className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
              data-test="view-article"
            >
              View on the site <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          )}
          <Button
            variant={article.status === 'published' ? 'secondary' : 'primary'}
            onClick={togglePublished}
            busy={toggling}
            disabled={form.isDirty || behind}
            title={form.isDirty ? 'Save your changes first.' : undefined}
            data-test={article.status === 'published' ? 'unpublish' : 'publish'}
          >
            {article.status === 'published' ? 'Unpublish' : 'Publish'}
          </Button>
        </div>
      </header>

      <form
        onSubmit={page.onSubmit}
        noValidate
        className="grid max-w-3xl gap-6"
        data-test="article-form"
      >
        <input type="hidden" name="expectedRevision" value={form.data.expectedRevision} />
        <StaleFormAlert errors={page.errors} behind={behind} onLoadCurrent={page.onLoadCurrent} />
        {form.isDirty && (
          <p className="text-sm text-ink-muted" data-test="unsaved">
            Unsaved changes. Publishing waits until they are saved.
          </p>
        )}
        <div role="tablist" aria-label="Editor" className="flex gap-1 border-b border-line">
          <TabButton selected={tab === 'write'} onClick={() => setTab('write')}>
            Write
          </TabButton>
          <TabButton selected={tab === 'preview'} onClick={() => setTab('preview')}>
            Preview
          </TabButton>
        </div>
        {tab === 'write' ? (
          <Card>
            <ArticleFields
              {...fields}
              limits={limits}
              slugHint="The address /news/<slug>. Changing it frees the old one; links to it stop working."
            />
          </Card>
        ) : (
          <Preview article={article} unsaved={form.data.bodyMarkdown !== article.bodyMarkdown} />
        )}
        <FormActions label="Save" busy={page.busy} saved={page.saved} testId="article-submit" />
      </form>
    </>
  );
}

function TabButton({
  selected,
  onClick,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      onClick={onClick}
      className={cn(
        '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
        selected ? 'border-accent text-ink' : 'border-transparent text-ink-muted hover:text-ink',
      )}
      data-test={`tab-${children.toLowerCase()}`}
    >
      {children}
    </button>
  );
}

/** The saved body as the site renders it (sanitized by the server when it was saved). */
function Preview({ article, unsaved }: { article: AdminArticleEdit; unsaved: boolean }) {
  return (
    <Card data-test="article-preview">
      {unsaved && (
        <p className="mb-4 text-sm text-warning">
          The preview shows the last saved version. Save to see your changes here.
        </p>
      )}
      {article.previewHtml === null ? (
        <p className="text-sm text-ink-muted">The preview is being prepared; reload in a moment.</p>
      ) : article.previewHtml === '' ? (
        <p className="text-sm text-ink-muted">The body is empty.</p>
      ) : (
        <div
          className={articleBodyClasses}
          // Sanitized by the server's markdown renderer (allowlist) when the article was saved.
          dangerouslySetInnerHTML={{ __html: article.previewHtml }}
        />
      )}
    </Card>
  );
}

export function StatusBadge({ status }: { status: AdminArticleEdit['status'] }) {
  return status === 'published' ? (
    <Badge tone="success" data-test="status-published">
      Published
    </Badge>
  ) : (
    <Badge tone="neutral" data-test="status-draft">
      Draft
    </Badge>
  );
}
