import { api } from '../../lib/api';
import type { CommentsDeleteApiArg, CommentsDeleteApiResponse } from '../../lib/generated/shop-api';

/**
 * DELETE /api/comments/{id}, by hand (types generated): the post's id rides along so the post's comment list,
 * tagged by post, is refetched; the generated commentsDelete knows only the comment's id. The blog's other
 * calls are the generated endpoints of lib/shop-api.ts.
 */
export const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteComment: build.mutation<CommentsDeleteApiResponse, CommentsDeleteApiArg & { blog: string }>({
      query: ({ id }) => ({ url: `/api/comments/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { blog }) => [{ type: 'Comment', id: blog }],
    }),
  }),
});

export const { useDeleteCommentMutation } = blogApi;
