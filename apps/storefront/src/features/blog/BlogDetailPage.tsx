import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../lib/store-hooks';
import NotFoundPage from '../../components/NotFoundPage';
import { errorMessage } from '../../lib/api';
import { formatDate, isObjectId } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import type { Blog, BlogComment } from '../../lib/models';
import { useBlogsGetQuery, useBlogsLikeMutation, useCommentsCreateMutation, useCommentsListQuery } from '../../lib/shop-api';
import { useDeleteCommentMutation } from './blog-api';
import { renumberHeadings } from './heading-levels';

export const COMMENT_MAX_LENGTH = 1000;

function authorName(author: Blog['author'] | BlogComment['user']): string {
  if (!author) return 'Threadline';
  return typeof author === 'string' ? author : (author.username ?? ('name' in author ? author.name : undefined) ?? 'Threadline');
}

function Comments({ blogId }: { blogId: string }) {
  const user = useAppSelector((s) => s.session.userInfo);
  const { data = [], error } = useCommentsListQuery({ blog: blogId });
  const [text, setText] = useState('');
  const [addComment, adding] = useCommentsCreateMutation();
  const [deleteComment] = useDeleteCommentMutation();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return toast.error('Comment cannot be empty');
    try {
      await addComment({ createCommentDto: { blog: blogId, text: text.trim() } }).unwrap();
      setText('');
      toast.success('Comment posted');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Box component="section" aria-labelledby="comments-title" sx={{ mt: 5 }}>
      <Typography id="comments-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Comments ({data.length})
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {user ? (
        <Stack component="form" spacing={1.5} onSubmit={onSubmit} sx={{ mb: 3 }}>
          <TextField
            label="Add a comment"
            multiline
            minRows={2}
            value={text}
            onChange={(e) => setText(e.target.value.slice(0, COMMENT_MAX_LENGTH))}
            helperText={`${COMMENT_MAX_LENGTH - text.length} characters remaining`}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={adding.isLoading}>
              Post comment
            </Button>
          </Box>
        </Stack>
      ) : (
        <Typography sx={{ mb: 3 }}>
          <Link component={RouterLink} to={`/login?redirect=/blog/${blogId}`}>
            Sign in
          </Link>{' '}
          to join the conversation.
        </Typography>
      )}
      <Stack spacing={2}>
        {data.map((c) => {
          const authorId = c.user?._id;
          return (
            <Paper key={c._id} variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{authorName(c.user)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDate(c.createdAt)}
                </Typography>
                <Box sx={{ flexGrow: 1 }} />
                {user && (user.isAdmin || authorId === user._id) && (
                  <Button size="small" color="error" onClick={() => void deleteComment({ id: c._id, blog: blogId })}>
                    Delete
                  </Button>
                )}
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{c.text}</Typography>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}

function BlogPost({ id }: { id: string }) {
  const { data, isLoading, error } = useBlogsGetQuery({ id });
  const blog: Blog | undefined = data;
  const user = useAppSelector((s) => s.session.userInfo);
  const [like, liking] = useBlogsLikeMutation();
  const [likeState, setLikeState] = useState<{ likes: number; likedByMe: boolean } | null>(null);
  // No such post: the page says so, and the server answers it with 404.
  const missing = !blog && (error as { status?: unknown } | undefined)?.status === 404;
  usePageMeta(blog?.title ?? (missing ? 'Post not found' : 'Blog'), blog?.excerpt ?? 'A post from the Threadline blog.', { notFound: missing });

  // A failed answer stays shown while it is asked again (the server's render asks again as it reads it).
  if (isLoading && !error)
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Skeleton variant="rounded" height={400} />
      </Container>
    );
  if (error || !blog)
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">Error: {errorMessage(error, 'Post not found')}</Alert>
      </Container>
    );

  const likes = likeState?.likes ?? blog.likes ?? 0;
  const liked = likeState?.likedByMe ?? blog.likedByMe ?? false;
  const body = blog.html ?? blog.bodyHtml;
  const html = body ? renumberHeadings(body) : body;

  const onLike = async () => {
    if (!user) return toast.error('Please login first');
    try {
      const answer = await like({ id: blog._id }).unwrap();
      setLikeState({ likes: answer.likes, likedByMe: answer.likedByMe });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: 4 }} component="article">
      <Link component={RouterLink} to="/blogs">
        ← All posts
      </Link>
      <Typography component="h1" variant="h3" sx={{ fontWeight: 800, mt: 2 }}>
        {blog.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {authorName(blog.author)} · {formatDate(blog.publishedAt ?? blog.createdAt)}
      </Typography>
      {blog.coverImage && (
        <Box component="img" src={blog.coverImage} alt="" sx={{ width: '100%', borderRadius: 3, mt: 3, aspectRatio: '16 / 9', objectFit: 'cover' }} />
      )}
      {/* The body is rendered to HTML and sanitised on the server. */}
      {html ? (
        <Box
          sx={{ mt: 3, typography: 'body1', lineHeight: 1.75, '& img': { maxWidth: '100%' }, '& a': { color: 'primary.main' } }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <Typography sx={{ mt: 3, whiteSpace: 'pre-line', lineHeight: 1.75 }}>{blog.body}</Typography>
      )}
      <Divider sx={{ my: 3 }} />
      <Button
        variant={liked ? 'contained' : 'outlined'}
        startIcon={liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        onClick={onLike}
        disabled={liking.isLoading}
        aria-pressed={liked}
        data-testid="blog-like"
      >
        {liked ? 'Liked' : 'Like'} · {likes}
      </Button>
      <Comments blogId={blog._id} />
    </Container>
  );
}

/** /blog/{id} shows the post; a /blog/{slug} shows the under-construction page, as the spec says. */
export default function BlogDetailPage() {
  const { id = '' } = useParams();
  return isObjectId(id) ? <BlogPost id={id} /> : <NotFoundPage />;
}
