import type { DemoShape } from '@shop/media';

export interface DemoProduct {
  name: string;
  shape: DemoShape;
  brand: string;
  /** Price in cents. */
  price: number;
  /** Price before the sale, in cents: the product shows on the offers page. */
  compareAt?: number;
  category: string;
  colour: string;
  background: string;
  description: string;
  specs: Record<string, string>;
  stock: number;
  rating: number;
  numReviews: number;
  special?: boolean;
}

export const DEMO_CATEGORIES = ['T-Shirts & Tops', 'Hoodies & Sweaters', 'Dresses & Skirts', 'Jeans & Trousers', 'Outerwear', 'Shoes', 'Bags', 'Accessories'];

type Row = [name: string, shape: DemoShape, brand: string, price: number, category: number, colour: string, material: string, blurb: string];

const ROWS: Row[] = [
  ['Essential Crew Tee', 'tshirt', 'Northloom', 1900, 0, '#f5f5f4', '100% organic cotton', 'A heavyweight everyday tee with a relaxed fit and a ribbed crew neck that keeps its shape wash after wash.'],
  ['Sunset Graphic Tee', 'tshirt', 'Coastline', 2400, 0, '#f97316', 'Cotton jersey', 'Soft jersey printed with a warm gradient, cut slightly boxy for easy summer layering.'],
  ['Striped Breton Top', 'tshirt', 'Maison Vale', 3900, 0, '#1e3a8a', 'Cotton', 'The classic navy stripe in a dense cotton knit with a wide boat neck.'],
  ['Linen Camp Shirt', 'tshirt', 'Northloom', 4900, 0, '#a3b18a', 'European linen', 'Breathable linen with a camp collar and a straight hem, made for warm evenings.'],
  ['Oversized Pocket Tee', 'tshirt', 'Urban Thread', 2200, 0, '#111827', 'Cotton', 'A dropped-shoulder tee with a chest pocket and a longer back hem.'],
  ['Merino Pullover', 'hoodie', 'Alpine Co.', 8900, 1, '#78350f', 'Extra-fine merino', 'Light, warm and itch-free merino with fully fashioned shoulders.'],
  ['Classic Zip Hoodie', 'hoodie', 'Urban Thread', 5900, 1, '#6b7280', 'Brushed fleece', 'A brushed-back fleece hoodie with a metal zip and a lined hood.'],
  ['Cable Knit Sweater', 'hoodie', 'Maison Vale', 7900, 1, '#e7e5e4', 'Wool blend', 'Chunky cables in a soft wool blend, finished with ribbed cuffs.'],
  ['Cropped Sweatshirt', 'hoodie', 'Coastline', 4200, 1, '#f9a8d4', 'Cotton fleece', 'A cropped crew in a pastel fleece with a raw-edge hem.'],
  ['Fisherman Cardigan', 'hoodie', 'Alpine Co.', 9500, 1, '#365314', 'Lambswool', 'A button-through cardigan knitted in a textured fisherman rib.'],
  ['Floral Midi Dress', 'dress', 'Maison Vale', 8900, 2, '#be185d', 'Viscose', 'A flowing midi with a tie waist and a small floral print.'],
  ['Little Black Dress', 'dress', 'Maison Vale', 9900, 2, '#0f172a', 'Crepe', 'A timeless sleeveless shift in a matte crepe that travels well.'],
  ['Linen Sundress', 'dress', 'Coastline', 6900, 2, '#fde68a', 'Linen', 'Adjustable straps, side pockets and a breezy A-line skirt.'],
  ['Pleated Midi Skirt', 'skirt', 'Northloom', 5900, 2, '#0e7490', 'Recycled polyester', 'Sharp pleats that move with you, on a comfortable elastic waist.'],
  ['Denim Mini Skirt', 'skirt', 'Urban Thread', 4500, 2, '#3b82f6', 'Rigid denim', 'A five-pocket mini in rigid denim with a frayed hem.'],
  ['Straight Leg Jeans', 'jeans', 'Urban Thread', 7900, 3, '#1d4ed8', 'Selvedge denim', 'Mid-rise straight jeans in a 13 oz selvedge denim that fades beautifully.'],
  ['Slim Black Jeans', 'jeans', 'Urban Thread', 6900, 3, '#1f2937', 'Stretch denim', 'A slim fit with a little stretch for all-day comfort.'],
  ['Wide Leg Trousers', 'jeans', 'Maison Vale', 8500, 3, '#d6d3d1', 'Wool blend', 'High-waisted trousers with pressed creases and a fluid drape.'],
  ['Cargo Pants', 'jeans', 'Northloom', 6500, 3, '#4d7c0f', 'Cotton ripstop', 'Relaxed cargos with bellows pockets and adjustable hems.'],
  ['Chino Shorts', 'jeans', 'Coastline', 3900, 3, '#d4a373', 'Cotton twill', 'Garment-dyed chino shorts with a 7-inch inseam.'],
  ['Wool Overcoat', 'jacket', 'Alpine Co.', 22900, 4, '#44403c', 'Wool and cashmere', 'A single-breasted overcoat cut long, with a half lining.'],
  ['Denim Trucker Jacket', 'jacket', 'Urban Thread', 8900, 4, '#60a5fa', 'Denim', 'The classic trucker with button flap pockets and a boxy fit.'],
  ['Quilted Puffer', 'jacket', 'Alpine Co.', 15900, 4, '#dc2626', 'Recycled down', 'Light, warm and packable, with a water-repellent shell.'],
  ['Rain Shell', 'jacket', 'Northloom', 11900, 4, '#facc15', 'Waterproof nylon', 'A seam-sealed shell with a peaked hood and pit zips.'],
  ['Leather Biker Jacket', 'jacket', 'Maison Vale', 29900, 4, '#18181b', 'Lamb leather', 'Soft lamb leather with an asymmetric zip and quilted shoulders.'],
  ['Canvas Sneakers', 'sneaker', 'Coastline', 5900, 5, '#f8fafc', 'Canvas and rubber', 'Low-top canvas sneakers on a vulcanised rubber sole.'],
  ['Running Trainers', 'sneaker', 'Stride Lab', 11900, 5, '#22c55e', 'Engineered mesh', 'Responsive cushioning and a breathable knit upper for daily miles.'],
  ['Leather Chelsea Boots', 'boot', 'Maison Vale', 16900, 5, '#7c2d12', 'Full-grain leather', 'Elastic-sided boots on a stitched, resoleable sole.'],
  ['Hiking Boots', 'boot', 'Alpine Co.', 14900, 5, '#57534e', 'Nubuck', 'Waterproof nubuck boots with a grippy lugged outsole.'],
  ['Court Sneakers', 'sneaker', 'Stride Lab', 8900, 5, '#e5e7eb', 'Leather', 'Clean leather court shoes with a padded collar.'],
  ['Leather Tote', 'bag', 'Maison Vale', 18900, 6, '#92400e', 'Vegetable-tanned leather', 'A roomy open tote that softens and darkens with use.'],
  ['Canvas Weekender', 'bag', 'Northloom', 12900, 6, '#64748b', 'Waxed canvas', 'A weekend bag with leather handles and a shoe pocket.'],
  ['Everyday Backpack', 'backpack', 'Urban Thread', 7900, 6, '#0f766e', 'Recycled nylon', 'A padded laptop sleeve, a water-resistant shell and hidden pockets.'],
  ['Mini Crossbody', 'bag', 'Coastline', 4900, 6, '#db2777', 'Vegan leather', 'Just big enough for phone, keys and cards, with an adjustable strap.'],
  ['Roll-top Backpack', 'backpack', 'Alpine Co.', 9900, 6, '#ea580c', 'Waterproof tarpaulin', 'Weatherproof roll-top pack for commutes in any weather.'],
  ['Wool Beanie', 'beanie', 'Alpine Co.', 2900, 7, '#b91c1c', 'Merino wool', 'A rib-knit beanie with a deep cuff.'],
  ['Baseball Cap', 'cap', 'Urban Thread', 2500, 7, '#1e40af', 'Cotton twill', 'An unstructured six-panel cap with an adjustable strap.'],
  ['Aviator Sunglasses', 'sunglasses', 'Coastline', 6900, 7, '#a16207', 'Metal frame', 'Polarised lenses with full UV400 protection in a light metal frame.'],
  ['Minimal Watch', 'watch', 'Stride Lab', 14900, 7, '#334155', 'Stainless steel', 'A 38 mm case, sapphire glass and a quick-release leather strap.'],
  ['Cashmere Scarf', 'scarf', 'Maison Vale', 8900, 7, '#c084fc', 'Cashmere', 'Featherlight, generously long and brushed for extra softness.'],
  ['Leather Belt', 'belt', 'Northloom', 4500, 7, '#78350f', 'Bridle leather', 'A 35 mm belt with a solid brass buckle.'],
  ['Silk Bandana', 'scarf', 'Coastline', 3200, 7, '#f43f5e', 'Silk twill', 'A hand-rolled silk square to wear at the neck, in the hair or on a bag.'],
];

const SPECIAL_ROWS: Row[] = [
  ['Limited Edition Varsity Jacket', 'jacket', 'Threadline Studio', 24900, 4, '#7f1d1d', 'Wool and leather', 'A numbered varsity jacket with chenille patches and leather sleeves.'],
  ['Designer Silk Dress', 'dress', 'Threadline Studio', 32900, 2, '#4c1d95', 'Mulberry silk', 'A bias-cut silk gown from our studio collection.'],
  ['Handmade Leather Satchel', 'bag', 'Threadline Studio', 27900, 6, '#713f12', 'Saddle leather', 'Hand-stitched by one artisan, with a brass closure.'],
  ['Signature Chronograph', 'watch', 'Threadline Studio', 39900, 7, '#0c4a6e', 'Titanium', 'A titanium chronograph with a sunray dial.'],
  ['Cashmere Hoodie', 'hoodie', 'Threadline Studio', 21900, 1, '#a8a29e', 'Cashmere', 'The most comfortable hoodie we know, knitted from pure cashmere.'],
  ['Artisan Leather Boots', 'boot', 'Threadline Studio', 29900, 5, '#451a03', 'Horween leather', 'Goodyear-welted boots built to last a decade.'],
  ['Embroidered Denim Jacket', 'jacket', 'Threadline Studio', 18900, 4, '#1e3a8a', 'Japanese denim', 'Hand-embroidered panels on a heavy Japanese denim.'],
];

const BACKGROUNDS = ['#f1f5f9', '#fef3c7', '#ecfccb', '#e0f2fe', '#fce7f3', '#ede9fe', '#f5f5f4', '#ffedd5'];

function toProduct(row: Row, index: number, special: boolean): DemoProduct {
  const [name, shape, brand, price, category, colour, material, blurb] = row;
  const onSale = !special && index % 5 === 2;
  return {
    name,
    shape,
    brand,
    price: onSale ? Math.round((price * 0.8) / 100) * 100 - 1 : price,
    compareAt: onSale ? price : undefined,
    category: DEMO_CATEGORIES[category],
    colour,
    background: BACKGROUNDS[index % BACKGROUNDS.length],
    description: `${blurb} Made from ${material.toLowerCase()} and finished with care, it is designed to be worn often and kept for years. Machine-washable where the fabric allows; see the care label for details.`,
    specs: { Material: material, Fit: ['Regular', 'Relaxed', 'Slim', 'Oversized'][index % 4], Care: special ? 'Specialist clean' : 'Machine wash cold', Origin: ['Portugal', 'Italy', 'Japan', 'India', 'Turkey'][index % 5] },
    stock: special ? 5 + (index % 4) : [0, 3, 8, 12, 25, 40][index % 6] || 15,
    rating: [4.5, 4, 5, 3.5, 4.2, 4.8, 3.9][index % 7],
    numReviews: (index * 7) % 23,
    special,
  };
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  ...ROWS.map((row, i) => toProduct(row, i, false)),
  ...SPECIAL_ROWS.map((row, i) => toProduct(row, i, true)),
];

export interface DemoBlog {
  title: string;
  excerpt: string;
  body: string;
  tags: string[];
  shape: DemoShape;
  colour: string;
}

export const DEMO_BLOGS: DemoBlog[] = [
  {
    title: 'Building a capsule wardrobe in ten pieces',
    excerpt: 'Fewer clothes, more outfits: how to choose ten pieces that work together all year.',
    tags: ['style', 'guides'],
    shape: 'jacket',
    colour: '#44403c',
    body: `A capsule wardrobe is a small set of clothes that all work together.\n\n## Start with the basics\n\n- Two **plain tees** in white and black\n- One pair of **straight jeans**\n- A **wool overcoat** for the cold months\n\n## Add texture, not noise\n\nA cable knit or a linen shirt adds depth without clashing. Keep prints to one or two pieces.\n\n> Buy less, choose well, make it last.\n`,
  },
  {
    title: 'How to care for wool and cashmere',
    excerpt: 'Wash less, dry flat, fold never hang: a short guide to knits that last for decades.',
    tags: ['care', 'guides'],
    shape: 'hoodie',
    colour: '#a8a29e',
    body: `Good knitwear lasts for years if you treat it kindly.\n\n1. **Air it** between wears instead of washing.\n2. **Hand wash** in cool water with a wool detergent.\n3. **Dry flat** on a towel, away from the radiator.\n4. **Fold**, never hang: hangers stretch the shoulders.\n\nPilling is normal at first; a cashmere comb lifts it off in a minute.\n`,
  },
  {
    title: 'Meet our contributors: the makers behind the studio line',
    excerpt: 'Independent workshops and distributors fill our catalogue. Here are three of them.',
    tags: ['contributors', 'stories'],
    shape: 'bag',
    colour: '#713f12',
    body: `Many of the pieces in our shop come from **independent distributors** and small workshops.\n\n### The leather workshop\n\nA family workshop that has been hand-stitching satchels for three generations.\n\n### The denim mill\n\nA small mill weaving selvedge denim on vintage shuttle looms.\n\nWant to sell with us? [Register as a distributor](/distributor/register).\n`,
  },
];
