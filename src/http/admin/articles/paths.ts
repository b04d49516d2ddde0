/** Server-side addresses of the admin article pages (the route table's paths, filled in). */
export const adminArticlesCreatePath = '/admin/articles/create';
export const adminArticleEditPath = (id: string) => `/admin/articles/${id}`;
