import { api } from '../../lib/api';
import type { Blog, BlogComment, Contributor } from '../../lib/models';

const list = <T,>(r: unknown, key: string): T[] => (Array.isArray(r) ? (r as T[]) : (((r as Record<string, unknown>)?.[key] as T[]) ?? []));

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    blogs: build.query<Blog[], void>({
      query: () => '/api/blogs?pageSize=50',
      transformResponse: (r: unknown) => list<Blog>(r, 'blogs'),
      providesTags: ['Blog'],
    }),
    blog: build.query<Blog, string>({
      query: (id) => `/api/blogs/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Blog', id }],
    }),
    likeBlog: build.mutation<{ likes: number; likedByMe: boolean }, string>({
      query: (id) => ({ url: `/api/blogs/${encodeURIComponent(id)}/like`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Blog', id }],
    }),
    comments: build.query<BlogComment[], string>({
      query: (blog) => `/api/comments?blog=${encodeURIComponent(blog)}`,
      transformResponse: (r: unknown) => list<BlogComment>(r, 'comments'),
      providesTags: (_r, _e, blog) => [{ type: 'Comment', id: blog }],
    }),
    addComment: build.mutation<BlogComment, { blog: string; text: string }>({
      query: (body) => ({ url: '/api/comments', method: 'POST', body }),
      invalidatesTags: (_r, _e, { blog }) => [{ type: 'Comment', id: blog }],
    }),
    deleteComment: build.mutation<unknown, { id: string; blog: string }>({
      query: ({ id }) => ({ url: `/api/comments/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { blog }) => [{ type: 'Comment', id: blog }],
    }),
    subscribe: build.mutation<{ message?: string }, { email: string }>({
      query: (body) => ({ url: '/api/newsletter/subscribe', method: 'POST', body }),
    }),
    contact: build.mutation<{ message?: string }, { name: string; email: string; subject: string; message: string }>({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
    }),
    contributors: build.query<Contributor[], void>({
      query: () => '/api/stats/contributors',
      transformResponse: (r: unknown) => list<Contributor>(r, 'contributors'),
    }),
  }),
});

export const {
  useBlogsQuery,
  useBlogQuery,
  useLikeBlogMutation,
  useCommentsQuery,
  useAddCommentMutation,
  useDeleteCommentMutation,
  useSubscribeMutation,
  useContactMutation,
  useContributorsQuery,
} = contentApi;
