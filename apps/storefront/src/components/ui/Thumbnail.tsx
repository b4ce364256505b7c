import Box from '@mui/material/Box';
import { PLACEHOLDER_IMAGE, thumbnailSrcSet } from '../../lib/images';

/** A square product thumbnail beside a text that names it (so the image itself is decorative: empty alt). */
export function Thumbnail({ image, size, radius }: { image: string | undefined; size: number; radius: number }) {
  return (
    <Box
      component="img"
      src={image || PLACEHOLDER_IMAGE}
      srcSet={thumbnailSrcSet(image)}
      sizes={`${size}px`}
      alt=""
      width={size}
      height={size}
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: radius, flexShrink: 0 }}
    />
  );
}
