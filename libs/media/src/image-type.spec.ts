import sharp from 'sharp';
import { renderDemoImage } from './demo-art';
import { detectImageType } from './image-type';

describe('detectImageType', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('recognises %s by content', async (format) => {
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } })
      .toFormat(format)
      .toBuffer();
    expect(detectImageType(bytes)).toBe(`image/${format}`);
  });

  it('refuses text, SVG and HTML whatever their name', () => {
    expect(detectImageType(Buffer.from('hello, I am a text file'))).toBeUndefined();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(detectImageType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
  });

  it('renders demo art as a real 800 px WebP', async () => {
    const image = await renderDemoImage('tshirt', '#2563eb', '#e0e7ff');
    expect(detectImageType(image)).toBe('image/webp');
    const meta = await sharp(image).metadata();
    expect(meta.width).toBe(800);
  });
});
