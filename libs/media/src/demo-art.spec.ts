import sharp from 'sharp';
import { DEMO_ART, DEMO_KINDS, DEMO_VIEWS, demoCoverSvg, demoSvg, renderDemoImage, type ArtPalette } from './demo-art';

const PALETTE: ArtPalette = { fill: '#123456', ink: '#000000', seam: '#444444', light: '#eeeeee', metal: '#cccccc' };

describe('demo art: one drawing per kind of product', () => {
  it('has an entry in the kind ↔ art table for every kind, and no other', () => {
    expect(Object.keys(DEMO_ART).sort()).toEqual([...DEMO_KINDS].sort());
  });

  it('draws every kind differently from every other kind, front and back', () => {
    for (const side of ['front', 'back'] as const) {
      const drawings = DEMO_KINDS.map((kind) => DEMO_ART[kind][side](PALETTE));
      expect(new Set(drawings).size).toBe(DEMO_KINDS.length);
    }
  });

  it("a kind's picture holds its own drawing and none of another kind's", () => {
    for (const kind of DEMO_KINDS) {
      const svg = demoSvg(kind, '#2563eb', '#f1f5f9', 'front');
      const own = DEMO_ART[kind].front({ fill: 'url(#fg)', ink: '', seam: '', light: '', metal: '' }).match(/d="([^"]+)"/)?.[1];
      expect(own).toBeDefined();
      expect(svg).toContain(own as string);
      for (const other of DEMO_KINDS.filter((k) => k !== kind)) {
        const theirs = DEMO_ART[other].front({ fill: 'url(#fg)', ink: '', seam: '', light: '', metal: '' }).match(/d="([^"]+)"/g) ?? [];
        // Outlines a kind shares with no other: none of them appears in this kind's picture.
        const distinctive = theirs.filter((d) => !DEMO_ART[kind].front(PALETTE).includes(d));
        for (const d of distinctive.slice(0, 1)) expect(svg).not.toContain(d);
      }
    }
  });

  it('front, back and detail are three different pictures of each kind, coloured per product', () => {
    for (const kind of DEMO_KINDS) {
      const views = DEMO_VIEWS.map((view) => demoSvg(kind, '#2563eb', '#f1f5f9', view));
      expect(new Set(views).size).toBe(3);
      expect(demoSvg(kind, '#dc2626', '#f1f5f9')).not.toBe(demoSvg(kind, '#2563eb', '#f1f5f9'));
    }
  });

  it('renders each kind (and each view of one) as an 800×800 WebP, and a blog cover as 1200×630', async () => {
    const pictures = [...DEMO_KINDS.map((kind) => [kind, 'front'] as const), ...DEMO_VIEWS.map((view) => ['scarf', view] as const)];
    for (const [kind, view] of pictures) {
      const meta = await sharp(await renderDemoImage(kind, '#7c2d12', '#fef3c7', view)).metadata();
      expect([kind, meta.format, meta.width, meta.height]).toEqual([kind, 'webp', 800, 800]);
    }
    const cover = await sharp(
      Buffer.from(
        demoCoverSvg(
          [
            { kind: 'boot', colour: '#7c2d12' },
            { kind: 'bag', colour: '#92400e' },
          ],
          '#f5f5f4',
        ),
      ),
    ).metadata();
    expect([cover.width, cover.height]).toEqual([1200, 630]);
  }, 60_000);
});
