import type { DemoKind } from '@shop/media';

/**
 * The demo catalogue: products with their own copy and care notes, sizes and colours with their own stock, a few
 * sold out and a few on sale, reviews by several customers, and the distributors (contributors) who sell them.
 * Everything here is data; seed.service.ts stores it, and the pictures are drawn by @shop/media's DEMO_ART.
 */

/** How to look after a material: a sentence for the description and a short label for the specifications. */
export const CARE = {
  cotton: { note: 'Machine wash at 30 °C with similar colours and tumble dry low, or line dry to keep it at its best.', label: 'Machine wash 30 °C' },
  linen: { note: 'Machine wash cool on a gentle cycle, line dry and iron while still slightly damp; linen softens with every wash.', label: 'Gentle wash 30 °C, line dry' },
  wool: { note: 'Hand wash cold with a wool detergent, press the water out in a towel and dry flat; never tumble dry. Airing it between wears is often enough.', label: 'Hand wash cold, dry flat' },
  cashmere: { note: 'Hand wash cold with a cashmere shampoo, roll in a towel and dry flat away from heat; store folded, never on a hanger.', label: 'Hand wash cold, dry flat' },
  silk: { note: 'Dry clean, or hand wash cold with a silk detergent without wringing; iron on low from the reverse.', label: 'Dry clean or hand wash cold' },
  denim: { note: 'Wash inside out, cold and not too often to keep the indigo deep; hang to dry rather than tumble.', label: 'Wash inside out, cold' },
  viscose: { note: 'Hand wash or a gentle cold cycle; viscose shrinks with heat, so dry flat and iron on low.', label: 'Gentle wash cold, dry flat' },
  pleats: { note: 'Machine wash cold inside out on a gentle cycle and hang to dry: the pleats fall back into place without ironing.', label: 'Gentle wash cold, hang dry' },
  fleece: { note: 'Machine wash at 30 °C inside out and tumble dry low; skip fabric softener so the brushed back stays soft.', label: 'Machine wash 30 °C, inside out' },
  down: { note: 'Machine wash cold on a gentle cycle with a down wash, then tumble dry low with two clean tennis balls to restore the loft.', label: 'Down wash, tumble dry low' },
  shell: { note: 'Wash with a technical cleaner when it stops beading, then tumble dry low to reactivate the water-repellent finish.', label: 'Tech wash, tumble dry low' },
  tailoring: { note: 'Brush after wear, hang it on a shaped hanger and have it dry cleaned by a specialist once a season; never machine wash.', label: 'Specialist dry clean' },
  leather: { note: 'Wipe clean with a damp cloth and condition every few months with a leather balm; let it dry naturally, away from radiators.', label: 'Wipe clean, condition' },
  nubuck: { note: 'Brush off dry mud with a nubuck brush and refresh the waterproofing spray each season; let wet boots dry slowly at room temperature.', label: 'Brush clean, re-proof' },
  canvasShoe: { note: 'Brush off dirt and spot clean with mild soap and a soft brush; air dry stuffed with paper, away from direct heat.', label: 'Spot clean, air dry' },
  waxedCanvas: { note: 'Spot clean with cold water only, no soap; re-wax once a year to keep it weatherproof.', label: 'Cold water only, re-wax yearly' },
  mesh: { note: 'Take out the insoles, brush off dirt and hand wash with mild soap; air dry, never in the dryer.', label: 'Hand wash, air dry' },
  nylon: { note: 'Empty it, then wipe clean with a damp cloth and mild soap; let it dry fully, open, before storing.', label: 'Wipe clean' },
  tarpaulin: { note: 'Fully waterproof: rinse or wipe clean, and dry it open so the roll-top seal stays supple.', label: 'Rinse or wipe clean' },
  vegan: { note: 'Wipe clean with a damp cloth; avoid solvents and store it stuffed so it keeps its shape.', label: 'Wipe clean' },
  eyewear: { note: 'Clean the lenses with the microfibre pouch and lukewarm water only; keep them in the case, never on a hot dashboard.', label: 'Microfibre clean, store in case' },
  watch: { note: 'Water resistant to 5 ATM: fine in the rain and while washing your hands, not for swimming. Wipe the strap dry after wear.', label: 'Water resistant 5 ATM' },
  diveWatch: { note: 'Water resistant to 10 ATM (100 m): fine for swimming and snorkelling, not for diving; never press the pushers under water.', label: 'Water resistant 10 ATM' },
} as const;

export type Care = keyof typeof CARE;

/**
 * Which kind of art a product's name calls for, first match wins: boots are drawn as boots, scarves as scarves.
 * The catalogue names each product's kind explicitly; demo-catalog.spec.ts holds every one to this table.
 */
export const NAME_KIND_RULES: ReadonlyArray<readonly [RegExp, DemoKind]> = [
  [/\bboots?\b/i, 'boot'],
  [/\b(sneakers?|trainers?)\b/i, 'sneaker'],
  [/\b(scarf|bandana)\b/i, 'scarf'],
  [/\b(watch|chronograph)\b/i, 'watch'],
  [/\bsunglasses\b/i, 'sunglasses'],
  [/\bcap\b/i, 'cap'],
  [/\bbeanie\b/i, 'beanie'],
  [/\bbelt\b/i, 'belt'],
  [/\bbackpack\b/i, 'backpack'],
  [/\b(tote|bag|satchel|crossbody|weekender)\b/i, 'bag'],
  [/\bhoodie\b/i, 'hoodie'],
  [/\bcardigan\b/i, 'cardigan'],
  [/\b(sweater|pullover|sweatshirt|jumper)\b/i, 'sweater'],
  [/\b(jacket|coat|overcoat|puffer|shell|parka)\b/i, 'jacket'],
  [/\b(dress|sundress)\b/i, 'dress'],
  [/\bskirt\b/i, 'skirt'],
  [/\bjeans\b/i, 'jeans'],
  [/\bshorts\b/i, 'shorts'],
  [/\b(trousers|pants|chinos)\b/i, 'trousers'],
  [/\bshirt\b/i, 'shirt'],
  [/\b(tee|t-shirt|top)\b/i, 'tshirt'],
];

/** The kind a product's name calls for, or undefined when no rule matches. */
export function kindForName(name: string): DemoKind | undefined {
  return NAME_KIND_RULES.find(([pattern]) => pattern.test(name))?.[1];
}

/** Kinds sold in letter sizes, in waist sizes, and in shoe sizes; the rest is one size. */
const LETTER_SIZED: ReadonlySet<DemoKind> = new Set(['tshirt', 'shirt', 'hoodie', 'sweater', 'cardigan', 'dress', 'skirt', 'shorts', 'jacket']);
const WAIST_SIZED: ReadonlySet<DemoKind> = new Set(['jeans', 'trousers']);
const SHOE_SIZED: ReadonlySet<DemoKind> = new Set(['sneaker', 'boot']);

export interface DemoColour {
  name: string;
  hex: string;
}

export interface DemoVariant {
  sku: string;
  size: string;
  colour: string;
  countInStock: number;
  /** Index into the product's colours: its picture is that colour's front view. */
  colourIndex: number;
}

export interface DemoReview {
  /** Index into DEMO_REVIEWERS. */
  reviewer: number;
  rating: number;
  comment: string;
  daysAgo: number;
}

export interface DemoProduct {
  name: string;
  /** The kind of product: its art is DEMO_ART[kind]. */
  kind: DemoKind;
  brand: string;
  /** Price in cents. */
  price: number;
  /** Price before the sale, in cents: the product shows on the offers page. */
  compareAt?: number;
  category: string;
  /** The first colour is the product's main picture; each further colour gets a front view of its own. */
  colours: DemoColour[];
  background: string;
  description: string;
  specs: Record<string, string>;
  care: Care;
  /** Units in stock: the variants' sum when there are variants. */
  stock: number;
  variants: DemoVariant[];
  reviews: DemoReview[];
  /** E-mail of the distributor who sells it (a contributor); none for the shop's own lines. */
  ownerEmail?: string;
  special?: boolean;
}

/** Demo distributors beside DEMO_ACCOUNTS.distributor, each selling its own brand. */
export const DEMO_CONTRIBUTORS = [
  { email: 'alpine@demo.shop', username: 'Ingrid Solberg', storeName: 'Alpine Co. Outfitters', brand: 'Alpine Co.' },
  { email: 'maisonvale@demo.shop', username: 'Camille Laurent', storeName: 'Maison Vale Atelier', brand: 'Maison Vale' },
  { email: 'stridelab@demo.shop', username: 'Daniel Okafor', storeName: 'Stride Lab', brand: 'Stride Lab' },
] as const;

/** The demo distributor of DEMO_ACCOUNTS sells the studio line (the special products). */
export const STUDIO_DISTRIBUTOR_EMAIL = 'distributor@demo.shop';

/** Customers who wrote the demo reviews. */
export const DEMO_REVIEWERS = [
  { email: 'maya.chen@demo.shop', username: 'Maya Chen' },
  { email: 'tomas.herrera@demo.shop', username: 'Tomás Herrera' },
  { email: 'priya.nair@demo.shop', username: 'Priya Nair' },
  { email: 'jonas.weber@demo.shop', username: 'Jonas Weber' },
  { email: 'aisha.bello@demo.shop', username: 'Aisha Bello' },
  { email: 'liam.oconnor@demo.shop', username: "Liam O'Connor" },
] as const;

export const DEMO_CATEGORIES = ['T-Shirts & Tops', 'Hoodies & Sweaters', 'Dresses & Skirts', 'Jeans & Trousers', 'Outerwear', 'Shoes', 'Bags', 'Accessories'];

interface Row {
  name: string;
  kind: DemoKind;
  brand: string;
  price: number;
  category: number;
  colours: [string, string][];
  material: string;
  care: Care;
  /** Two or three sentences written for this product. */
  copy: string;
}

const row = (name: string, kind: DemoKind, brand: string, price: number, category: number, colours: [string, string][], material: string, care: Care, copy: string): Row => ({ name, kind, brand, price, category, colours, material, care, copy });

const ROWS: Row[] = [
  row('Essential Crew Tee', 'tshirt', 'Northloom', 1900, 0, [['White', '#f5f5f4'], ['Black', '#1c1917']], '100% organic cotton', 'cotton', 'A heavyweight everyday tee with a relaxed fit and a ribbed crew neck that keeps its shape wash after wash. The 220 g jersey is dense enough to wear on its own and soft enough to layer.'),
  row('Sunset Graphic Tee', 'tshirt', 'Coastline', 2400, 0, [['Sunset orange', '#f97316']], 'Cotton jersey', 'cotton', 'Soft jersey printed with a warm gradient, cut slightly boxy for easy summer layering. Water-based inks keep the print soft to the touch.'),
  row('Striped Breton Top', 'tshirt', 'Maison Vale', 3900, 0, [['Navy stripe', '#1e3a8a'], ['Red stripe', '#b91c1c']], 'Cotton', 'cotton', 'The classic navy stripe in a dense cotton knit with a wide boat neck. Three-quarter sleeves and a straight hem that sits just below the hip.'),
  row('Linen Camp Shirt', 'shirt', 'Northloom', 4900, 0, [['Sage', '#a3b18a'], ['Sand', '#d6c7a1']], 'European linen', 'linen', 'Breathable linen with a camp collar and a straight hem, made for warm evenings. Coconut buttons and a single chest pocket.'),
  row('Oversized Pocket Tee', 'tshirt', 'Urban Thread', 2200, 0, [['Black', '#111827']], 'Cotton', 'cotton', 'A dropped-shoulder tee with a chest pocket and a longer back hem. Sized generously: take your usual size for the oversized look.'),
  row('Merino Pullover', 'sweater', 'Alpine Co.', 8900, 1, [['Tobacco', '#78350f'], ['Charcoal', '#374151']], 'Extra-fine merino', 'wool', 'Light, warm and itch-free merino with fully fashioned shoulders. Thin enough to wear under a blazer, warm enough on its own in autumn.'),
  row('Classic Zip Hoodie', 'hoodie', 'Urban Thread', 5900, 1, [['Heather grey', '#6b7280'], ['Navy', '#1e3a8a']], 'Brushed fleece', 'fleece', 'A brushed-back fleece hoodie with a metal zip and a lined hood. Flat drawcords and ribbed cuffs that do not bag out.'),
  row('Cable Knit Sweater', 'sweater', 'Maison Vale', 7900, 1, [['Ecru', '#e7e5e4']], 'Wool blend', 'wool', 'Chunky cables in a soft wool blend, finished with ribbed cuffs. A roomy fit made for layering over shirts.'),
  row('Cropped Sweatshirt', 'sweater', 'Coastline', 4200, 1, [['Blush', '#f9a8d4'], ['Mint', '#86efac']], 'Cotton fleece', 'fleece', 'A cropped crew in a pastel fleece with a raw-edge hem. Pairs with high-waisted jeans and skirts.'),
  row('Fisherman Cardigan', 'cardigan', 'Alpine Co.', 9500, 1, [['Moss', '#365314']], 'Lambswool', 'wool', 'A button-through cardigan knitted in a textured fisherman rib. Horn buttons and two patch pockets deep enough for gloves.'),
  row('Floral Midi Dress', 'dress', 'Maison Vale', 8900, 2, [['Rose print', '#be185d'], ['Blue print', '#1d4ed8']], 'Viscose', 'viscose', 'A flowing midi with a tie waist and a small floral print. Lined bodice, adjustable straps and a skirt that moves when you walk.'),
  row('Little Black Dress', 'dress', 'Maison Vale', 9900, 2, [['Black', '#0f172a']], 'Crepe', 'viscose', 'A timeless sleeveless shift in a matte crepe that travels well. An invisible back zip and a clean, unlined finish.'),
  row('Linen Sundress', 'dress', 'Coastline', 6900, 2, [['Butter', '#fde68a']], 'Linen', 'linen', 'Adjustable straps, side pockets and a breezy A-line skirt. Washed linen, soft from the first wear.'),
  row('Pleated Midi Skirt', 'skirt', 'Northloom', 5900, 2, [['Teal', '#0e7490'], ['Plum', '#6b21a8']], 'Recycled polyester', 'pleats', 'Sharp pleats that move with you, on a comfortable elastic waist. Made from recycled bottles and fully lined.'),
  row('Denim Mini Skirt', 'skirt', 'Urban Thread', 4500, 2, [['Mid blue', '#3b82f6']], 'Rigid denim', 'denim', 'A five-pocket mini in rigid denim with a frayed hem. Sits on the waist and softens as you wear it.'),
  row('Straight Leg Jeans', 'jeans', 'Urban Thread', 7900, 3, [['Indigo', '#1d4ed8'], ['Washed black', '#27272a']], 'Selvedge denim', 'denim', 'Mid-rise straight jeans in a 13 oz selvedge denim that fades beautifully. Copper rivets, a button fly and a 32-inch inseam to turn up.'),
  row('Slim Black Jeans', 'jeans', 'Urban Thread', 6900, 3, [['Black', '#1f2937']], 'Stretch denim', 'denim', 'A slim fit with a little stretch for all-day comfort. A deep black that holds its colour when washed inside out.'),
  row('Wide Leg Trousers', 'trousers', 'Maison Vale', 8500, 3, [['Stone', '#d6d3d1'], ['Navy', '#1e3a8a']], 'Wool blend', 'tailoring', 'High-waisted trousers with pressed creases and a fluid drape. Side pockets and a hook-and-bar closure.'),
  row('Cargo Pants', 'trousers', 'Northloom', 6500, 3, [['Olive', '#4d7c0f'], ['Khaki', '#a8a29e']], 'Cotton ripstop', 'cotton', 'Relaxed cargos with bellows pockets and adjustable hems. Ripstop cotton that shrugs off scrapes.'),
  row('Chino Shorts', 'shorts', 'Coastline', 3900, 3, [['Tan', '#d4a373'], ['Navy', '#1e3a8a']], 'Cotton twill', 'cotton', 'Garment-dyed chino shorts with a 7-inch inseam. Slant pockets in front, a welt pocket at the back.'),
  row('Wool Overcoat', 'jacket', 'Alpine Co.', 22900, 4, [['Charcoal', '#44403c'], ['Camel', '#b45309']], 'Wool and cashmere', 'tailoring', 'A single-breasted overcoat cut long, with a half lining. Roomy enough to wear over a chunky knit.'),
  row('Denim Trucker Jacket', 'jacket', 'Urban Thread', 8900, 4, [['Light wash', '#60a5fa']], 'Denim', 'denim', 'The classic trucker with button flap pockets and a boxy fit. Pleated front panels and adjustable waist tabs.'),
  row('Quilted Puffer', 'jacket', 'Alpine Co.', 15900, 4, [['Red', '#dc2626'], ['Black', '#18181b']], 'Recycled down', 'down', 'Light, warm and packable, with a water-repellent shell. Packs into its own pocket for travel.'),
  row('Rain Shell', 'jacket', 'Northloom', 11900, 4, [['Yellow', '#facc15']], 'Waterproof nylon', 'shell', 'A seam-sealed shell with a peaked hood and pit zips. 20,000 mm waterproof and light enough to live in a bag.'),
  row('Leather Biker Jacket', 'jacket', 'Maison Vale', 29900, 4, [['Black', '#18181b']], 'Lamb leather', 'leather', 'Soft lamb leather with an asymmetric zip and quilted shoulders. It moulds to you over the first weeks of wear.'),
  row('Canvas Sneakers', 'sneaker', 'Coastline', 5900, 5, [['Off white', '#f8fafc']], 'Canvas and rubber', 'canvasShoe', 'Low-top canvas sneakers on a vulcanised rubber sole. A cushioned insole and metal eyelets.'),
  row('Running Trainers', 'sneaker', 'Stride Lab', 11900, 5, [['Green', '#22c55e'], ['Black', '#1f2937']], 'Engineered mesh', 'mesh', 'Responsive cushioning and a breathable knit upper for daily miles. 8 mm drop and a grippy rubber outsole.'),
  row('Leather Chelsea Boots', 'boot', 'Maison Vale', 16900, 5, [['Chestnut', '#7c2d12']], 'Full-grain leather', 'leather', 'Elastic-sided boots on a stitched, resoleable sole. A pull tab at the back and a stacked leather heel.'),
  row('Hiking Boots', 'boot', 'Alpine Co.', 14900, 5, [['Stone', '#57534e']], 'Nubuck', 'nubuck', 'Waterproof nubuck boots with a grippy lugged outsole. A breathable membrane and a padded collar for long days on the trail.'),
  row('Court Sneakers', 'sneaker', 'Stride Lab', 8900, 5, [['White', '#e5e7eb']], 'Leather', 'leather', 'Clean leather court shoes with a padded collar. A cupsole stitched all round for years of wear.'),
  row('Leather Tote', 'bag', 'Maison Vale', 18900, 6, [['Tan', '#92400e']], 'Vegetable-tanned leather', 'leather', 'A roomy open tote that softens and darkens with use. Fits a 15-inch laptop, with an inner zip pocket.'),
  row('Canvas Weekender', 'bag', 'Northloom', 12900, 6, [['Slate', '#64748b']], 'Waxed canvas', 'waxedCanvas', 'A weekend bag with leather handles and a shoe pocket. 40 litres, and within most airlines’ cabin sizes.'),
  row('Everyday Backpack', 'backpack', 'Urban Thread', 7900, 6, [['Teal', '#0f766e'], ['Black', '#111827']], 'Recycled nylon', 'nylon', 'A padded laptop sleeve, a water-resistant shell and hidden pockets. 22 litres with a luggage pass-through.'),
  row('Mini Crossbody', 'bag', 'Coastline', 4900, 6, [['Pink', '#db2777']], 'Vegan leather', 'vegan', 'Just big enough for phone, keys and cards, with an adjustable strap. A magnetic flap and a card slot at the back.'),
  row('Roll-top Backpack', 'backpack', 'Alpine Co.', 9900, 6, [['Orange', '#ea580c']], 'Waterproof tarpaulin', 'tarpaulin', 'Weatherproof roll-top pack for commutes in any weather. Reflective details and a chest strap.'),
  row('Wool Beanie', 'beanie', 'Alpine Co.', 2900, 7, [['Red', '#b91c1c'], ['Grey', '#6b7280']], 'Merino wool', 'wool', 'A rib-knit beanie with a deep cuff. Warm without the itch, and it folds flat into a pocket.'),
  row('Baseball Cap', 'cap', 'Urban Thread', 2500, 7, [['Blue', '#1e40af']], 'Cotton twill', 'cotton', 'An unstructured six-panel cap with an adjustable strap and a gently curved brim. Embroidered eyelets keep it cool in summer.'),
  row('Aviator Sunglasses', 'sunglasses', 'Coastline', 6900, 7, [['Gold', '#a16207']], 'Metal frame', 'eyewear', 'Polarised lenses with full UV400 protection in a light metal frame. Adjustable nose pads and spring hinges.'),
  row('Minimal Watch', 'watch', 'Stride Lab', 14900, 7, [['Slate', '#334155']], 'Stainless steel', 'watch', 'A 38 mm case, sapphire glass and a quick-release leather strap. A Japanese quartz movement with a three-year battery.'),
  row('Cashmere Scarf', 'scarf', 'Maison Vale', 8900, 7, [['Lilac', '#c084fc'], ['Oatmeal', '#d6c7a1']], 'Cashmere', 'cashmere', 'Featherlight, generously long and brushed for extra softness. 200 × 35 cm with hand-knotted fringes.'),
  row('Leather Belt', 'belt', 'Northloom', 4500, 7, [['Brown', '#78350f']], 'Bridle leather', 'leather', 'A 35 mm belt with a solid brass buckle. Cut from one piece of bridle leather, edges burnished by hand.'),
  row('Silk Bandana', 'scarf', 'Coastline', 3200, 7, [['Coral', '#f43f5e']], 'Silk twill', 'silk', 'A hand-rolled silk square to wear at the neck, in the hair or on a bag. 55 × 55 cm.'),
];

/** The studio line: the spec's special products (/specialshop), one of a kind and one size each. */
const SPECIAL_ROWS: Row[] = [
  row('Limited Edition Varsity Jacket', 'jacket', 'Threadline Studio', 24900, 4, [['Burgundy', '#7f1d1d']], 'Wool and leather', 'tailoring', 'A numbered varsity jacket with chenille patches and leather sleeves. Wool body, quilted lining and striped rib trims.'),
  row('Designer Silk Dress', 'dress', 'Threadline Studio', 32900, 2, [['Violet', '#4c1d95']], 'Mulberry silk', 'silk', 'A bias-cut silk gown from our studio collection. It skims the body and pools softly at the hem.'),
  row('Handmade Leather Satchel', 'bag', 'Threadline Studio', 27900, 6, [['Saddle', '#713f12']], 'Saddle leather', 'leather', 'Hand-stitched by one artisan, with a brass closure. Two inner compartments and a removable shoulder strap.'),
  row('Signature Chronograph', 'watch', 'Threadline Studio', 39900, 7, [['Ocean blue', '#0c4a6e']], 'Titanium', 'diveWatch', 'A titanium chronograph with a sunray dial. Screw-down crown, luminous hands and a 42 mm case that weighs almost nothing.'),
  row('Cashmere Hoodie', 'hoodie', 'Threadline Studio', 21900, 1, [['Pebble', '#a8a29e']], 'Cashmere', 'cashmere', 'The most comfortable hoodie we know, knitted from pure cashmere. A relaxed fit with a kangaroo pocket.'),
  row('Artisan Leather Boots', 'boot', 'Threadline Studio', 29900, 5, [['Dark brown', '#451a03']], 'Horween leather', 'leather', 'Goodyear-welted boots built to last a decade. Resoleable again and again by any cobbler.'),
  row('Embroidered Denim Jacket', 'jacket', 'Threadline Studio', 18900, 4, [['Indigo', '#1e3a8a']], 'Japanese denim', 'denim', 'Hand-embroidered panels on a heavy Japanese denim. Each jacket takes two days of needlework.'),
];

/** Sold out: every size and colour at 0. */
const SOLD_OUT: ReadonlySet<string> = new Set(['Linen Sundress', 'Aviator Sunglasses', 'Silk Bandana']);

const BACKGROUNDS = ['#f1f5f9', '#fef3c7', '#ecfccb', '#e0f2fe', '#fce7f3', '#ede9fe', '#f5f5f4', '#ffedd5'];

/** A small deterministic hash, so the demo data is the same on every run. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function sizesFor(kind: DemoKind, special: boolean): string[] {
  if (special) return [];
  if (LETTER_SIZED.has(kind)) return kind === 'dress' || kind === 'skirt' ? ['XS', 'S', 'M', 'L'] : ['S', 'M', 'L', 'XL'];
  if (WAIST_SIZED.has(kind)) return ['28', '30', '32', '34', '36'];
  if (SHOE_SIZED.has(kind)) return ['39', '40', '41', '42', '43', '44'];
  return [];
}

function skuOf(name: string): string {
  return name
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/** Sizes × colours, each with its own stock: the first of each colour always in stock (unless sold out), some others at 0. */
function variantsOf(r: Row, special: boolean): DemoVariant[] {
  const sizes = sizesFor(r.kind, special);
  const soldOut = SOLD_OUT.has(r.name);
  return r.colours.flatMap(([colour], colourIndex) =>
    sizes.map((size, s) => {
      const h = hash(`${r.name}/${colour}/${size}`);
      const stock = soldOut ? 0 : s === 0 ? 2 + (h % 6) : h % 5 === 0 ? 0 : 1 + (h % 12);
      return { sku: `${skuOf(r.name)}-${size}-${colour.slice(0, 3).toUpperCase()}`, size, colour, countInStock: stock, colourIndex };
    }),
  );
}

type Group = 'top' | 'bottom' | 'outer' | 'shoe' | 'bag' | 'accessory';

function groupOf(kind: DemoKind): Group {
  if (['tshirt', 'shirt', 'hoodie', 'sweater', 'cardigan', 'dress'].includes(kind)) return 'top';
  if (['skirt', 'jeans', 'trousers', 'shorts'].includes(kind)) return 'bottom';
  if (kind === 'jacket') return 'outer';
  if (SHOE_SIZED.has(kind)) return 'shoe';
  if (kind === 'bag' || kind === 'backpack') return 'bag';
  return 'accessory';
}

const OPENERS: Record<number, string[]> = {
  5: ['Love it.', 'Absolutely worth it.', 'Beautiful quality.', 'Could not be happier.'],
  4: ['Really nice.', 'Very pleased overall.', 'Good buy.', 'Nice quality for the price.'],
  3: ['It is fine.', 'Mixed feelings.', 'Decent, not amazing.'],
  2: ['Disappointed.', 'Not for me, sadly.'],
  1: ['Sent it back.'],
};

/** What reviewers of each kind of product talk about, by rating. */
const REMARKS: Record<Group, Record<number, string[]>> = {
  top: {
    5: ['True to size: I took my usual medium and it fits perfectly.', 'The colour is exactly as pictured and has not faded after several washes.', 'Wore it three days in a row on holiday, still looked fresh.'],
    4: ['Runs slightly large, I would size down if you are between sizes.', 'Lovely fabric; the sleeves are a little long on me.', 'Great fit, though it creased in my suitcase.'],
    3: ['Fabric is nice but the cut is boxier than the photos suggest.', 'Colour is a shade darker than on my screen.'],
    2: ['The seams started to twist after two washes.', 'Much thinner than I expected for the price.'],
    1: ['Arrived with a pulled thread on the front.'],
  },
  bottom: {
    5: ['Perfect rise and the length is spot on at my usual size.', 'Comfortable from the first wear, no stretching out by evening.', 'Pockets are deep enough for a phone, finally.'],
    4: ['Waist fits well, I had the hem taken up an inch.', 'Good quality; a bit stiff at first but softening nicely.'],
    3: ['Fits at the waist but tight on the thighs.', 'The colour bled a little in the first wash, fine since.'],
    2: ['Sizing is off: two sizes up and still snug.'],
    1: ['The button came off on the second day.'],
  },
  outer: {
    5: ['Warm enough for a windy winter commute without being bulky.', 'The fit over a knit is just right and the lining feels great.', 'Kept me dry through a proper downpour.'],
    4: ['Well made; the pockets could be a little deeper.', 'Looks great, runs a touch small across the shoulders.'],
    3: ['Nice jacket, but heavier than I expected.', 'Good looks, zip is a bit stiff.'],
    2: ['Not as warm as I hoped below freezing.'],
    1: ['The zip broke within a week.'],
  },
  shoe: {
    5: ['Comfortable straight out of the box, no breaking in.', 'Walked 15 km the first weekend, no blisters.', 'Sole grips well on wet stone.'],
    4: ['Half a size big; a thin insole fixed it.', 'Took a week to soften, really comfortable now.'],
    3: ['A little narrow for my feet, fine with thin socks.', 'Look great, the heel rubs a bit.'],
    2: ['Pinched at the toe even a size up.'],
    1: ['The sole started to separate after a month.'],
  },
  bag: {
    5: ['Fits my laptop, a water bottle and lunch with room to spare.', 'Gorgeous leather smell and the stitching is flawless.', 'Carried it every day for months and it still looks new.'],
    4: ['Great bag; I wish the strap were a little longer.', 'Solid and roomy, a bit heavy when empty.'],
    3: ['Nice but smaller inside than it looks.', 'Good size, the inner pocket is too shallow.'],
    2: ['The handle stitching is already coming loose.'],
    1: ['Arrived scuffed on one corner.'],
  },
  accessory: {
    5: ['Exactly as pictured and beautifully finished.', 'Bought one for myself and one as a gift, both loved.', 'Goes with everything I own.'],
    4: ['Lovely, slightly smaller than I imagined.', 'Very nice, the packaging could be better.'],
    3: ['It is nice, though the colour is duller in daylight.', 'Does the job, nothing special.'],
    2: ['Feels cheaper than the price suggests.'],
    1: ['Stopped working after a week.'],
  },
};

/** Reviews: none on some products, otherwise three to six reviewers with ratings around the product's quality. */
function reviewsOf(r: Row, index: number): DemoReview[] {
  const count = [4, 3, 5, 0, 6, 3, 4, 5, 0, 3][index % 10];
  const quality = [5, 4, 4, 5, 3, 4, 5, 4, 3, 4, 5][index % 11];
  const spread = [0, 0, -1, 1, 0, -2];
  const group = groupOf(r.kind);
  const first = index % DEMO_REVIEWERS.length;
  return Array.from({ length: count }, (_, j) => {
    const rating = Math.max(1, Math.min(5, quality + spread[(index + j) % spread.length]));
    const h = hash(`${r.name}#${j}`);
    const opener = OPENERS[rating][h % OPENERS[rating].length];
    const remarks = REMARKS[group][rating];
    const remark = remarks[(h >> 4) % remarks.length];
    const material = rating >= 4 && j % 2 === 0 ? ` The ${r.material.toLowerCase()} feels ${rating === 5 ? 'lovely' : 'good'}.` : '';
    return { reviewer: (first + j) % DEMO_REVIEWERS.length, rating, comment: `${opener} ${remark}${material}`, daysAgo: 3 + ((h >> 8) % 60) };
  });
}

function toProduct(r: Row, index: number, special: boolean): DemoProduct {
  const onSale = !special && index % 5 === 2;
  const variants = variantsOf(r, special);
  const soldOut = SOLD_OUT.has(r.name);
  const stock = variants.length > 0 ? variants.reduce((sum, v) => sum + v.countInStock, 0) : soldOut ? 0 : special ? 5 + (index % 4) : [6, 3, 8, 12, 25, 40][index % 6];
  const care = CARE[r.care];
  const contributor = DEMO_CONTRIBUTORS.find((c) => c.brand === r.brand);
  const sizes = [...new Set(variants.map((v) => v.size))];
  return {
    name: r.name,
    kind: r.kind,
    brand: r.brand,
    price: onSale ? Math.round((r.price * 0.8) / 100) * 100 - 1 : r.price,
    compareAt: onSale ? r.price : undefined,
    category: DEMO_CATEGORIES[r.category],
    colours: r.colours.map(([name, hex]) => ({ name, hex })),
    background: BACKGROUNDS[index % BACKGROUNDS.length],
    description: `${r.copy} Care: ${care.note}`,
    specs: {
      Material: r.material,
      ...(sizes.length > 0 ? { Sizes: `${sizes[0]}–${sizes[sizes.length - 1]}` } : { Size: 'One size' }),
      Colours: r.colours.map(([name]) => name).join(', '),
      Care: care.label,
      Origin: ['Portugal', 'Italy', 'Japan', 'India', 'Turkey'][index % 5],
    },
    care: r.care,
    stock,
    variants,
    reviews: reviewsOf(r, index + (special ? ROWS.length : 0)),
    ownerEmail: special ? STUDIO_DISTRIBUTOR_EMAIL : contributor?.email,
    special,
  };
}

export const DEMO_PRODUCTS: DemoProduct[] = [...ROWS.map((r, i) => toProduct(r, i, false)), ...SPECIAL_ROWS.map((r, i) => toProduct(r, i, true))];

export interface DemoBlog {
  title: string;
  excerpt: string;
  body: string;
  tags: string[];
  /** The cover: these kinds of product side by side, each in its colour. */
  cover: { kind: DemoKind; colour: string }[];
  coverBackground: string;
}

export const DEMO_BLOGS: DemoBlog[] = [
  {
    title: 'Building a capsule wardrobe in ten pieces',
    excerpt: 'Fewer clothes, more outfits: how to choose ten pieces that work together all year.',
    tags: ['style', 'guides'],
    cover: [
      { kind: 'tshirt', colour: '#f5f5f4' },
      { kind: 'jeans', colour: '#1d4ed8' },
      { kind: 'jacket', colour: '#44403c' },
    ],
    coverBackground: '#fef3c7',
    body: `A capsule wardrobe is a small set of clothes that all work together.\n\n## Start with the basics\n\n- Two **plain tees** in white and black\n- One pair of **straight jeans**\n- A **wool overcoat** for the cold months\n\n## Add texture, not noise\n\nA cable knit or a linen shirt adds depth without clashing. Keep prints to one or two pieces.\n\n> Buy less, choose well, make it last.\n`,
  },
  {
    title: 'How to care for wool and cashmere',
    excerpt: 'Wash less, dry flat, fold never hang: a short guide to knits that last for decades.',
    tags: ['care', 'guides'],
    cover: [
      { kind: 'sweater', colour: '#e7e5e4' },
      { kind: 'scarf', colour: '#c084fc' },
      { kind: 'beanie', colour: '#b91c1c' },
    ],
    coverBackground: '#ede9fe',
    body: `Good knitwear lasts for years if you treat it kindly.\n\n1. **Air it** between wears instead of washing.\n2. **Hand wash** in cool water with a wool detergent.\n3. **Dry flat** on a towel, away from the radiator.\n4. **Fold**, never hang: hangers stretch the shoulders.\n\nPilling is normal at first; a cashmere comb lifts it off in a minute.\n`,
  },
  {
    title: 'Meet our contributors: the makers behind the shop',
    excerpt: 'Independent workshops and distributors fill our catalogue. Here are four of them.',
    tags: ['contributors', 'stories'],
    cover: [
      { kind: 'bag', colour: '#713f12' },
      { kind: 'boot', colour: '#451a03' },
      { kind: 'watch', colour: '#0c4a6e' },
    ],
    coverBackground: '#ffedd5',
    body: `Many of the pieces in our shop come from **independent distributors** and small workshops.\n\n### Threadline Studio\n\nOur own studio line: numbered jackets, a bias-cut silk dress and boots built to be resoled.\n\n### Alpine Co. Outfitters\n\nKnitwear, down and packs for cold mornings, tested on the trails above their workshop.\n\n### Maison Vale Atelier\n\nA family atelier cutting dresses, leather and cashmere in small runs.\n\n### Stride Lab\n\nTrainers, court shoes and a minimal watch, designed by runners.\n\nWant to sell with us? [Register as a distributor](/distributor/register).\n`,
  },
  {
    title: 'Leather care: boots, bags and belts',
    excerpt: 'A cloth, a brush and a tin of balm: the ten minutes a season that keep leather going for decades.',
    tags: ['care', 'guides'],
    cover: [
      { kind: 'boot', colour: '#7c2d12' },
      { kind: 'belt', colour: '#78350f' },
      { kind: 'bag', colour: '#92400e' },
    ],
    coverBackground: '#f5f5f4',
    body: `Leather is skin: it dries out, it cracks, and with a little care it ages beautifully.\n\n## Clean\n\nBrush off dust and wipe with a barely damp cloth. **Never** put leather in the washing machine.\n\n## Condition\n\nA thin layer of balm every few months keeps it supple. Let it soak in overnight, then buff.\n\n## Dry slowly\n\nWet boots dry at room temperature, stuffed with newspaper. A radiator cracks them in one evening.\n\n> Nubuck and suede want a brush and a proofing spray instead of balm.\n`,
  },
];
