// The demo studio's catalogue: both story worlds, paintings covering every tag, books with
// every purchase-option combination, murals, merchandise and the artist profile.
export const artist = {
  name: "Elowen Marsh",
  bio: "Elowen Marsh paints small worlds in big washes of color.\n\nShe grew up in a harbor town where the fog rolled in every afternoon, collecting sea glass and telling stories about who might live under the pier. Those stories became Pebblewick, a seaside village of tiny magical neighbors, and later the Hidden Cryptids Alliance, a band of misunderstood creatures who look after the woods at night.\n\nEvery piece begins as a loose wash of watercolor on cotton paper, layered slowly until the characters step out of the fog.",
  palette: "dusk",
};

export const characters = [
  { name: "Marigold Periwinkle", character_type: "pebblewick", status: "current", palette: "coral",
    description: "A snail who runs the Pebblewick post office, one very slow delivery at a time.",
    bio: "Marigold has never lost a letter. She has, however, delivered several of them a season late, which she insists is when they were most needed.\nShe keeps a lantern on her shell so the fog never slows her down.",
    artist_notes: "Painted in layered coral glazes; her shell spiral is always the last wash.", has_video_story: true },
  { name: "Barnaby Driftwood", character_type: "pebblewick", status: "current", palette: "harbor",
    description: "A hermit crab who keeps the lighthouse at the end of the breakwater.",
    bio: "Barnaby trades shells every spring and lighthouses never. He polishes the great lamp every evening and hums sea shanties nobody else remembers.",
    artist_notes: "The lamp glow is unpainted paper, reserved with masking fluid.", has_video_story: true },
  { name: "Wren Saltwhistle", character_type: "pebblewick", status: "current", palette: "meadow",
    description: "A field mouse who collects sea glass and the stories that come with it.",
    bio: "Wren believes every piece of sea glass remembers the bottle it used to be. Her burrow is lined with them, glowing green and blue whenever the sun comes in.",
    artist_notes: "", has_video_story: false },
  { name: "Captain Kelp", character_type: "pebblewick", status: "current", palette: "forest",
    description: "An otter who ferries villagers across the cove in a teacup boat.",
    bio: "", artist_notes: "Kelp was the first Pebblewick character, sketched on a ferry ticket.", has_video_story: false },
  { name: "Tilly Tidepool", character_type: "pebblewick", status: "upcoming", palette: "coral",
    description: "A starfish who wants very much to become a real star.", bio: "", artist_notes: "", has_video_story: false },
  { name: "Old Moss", character_type: "pebblewick", status: "upcoming", palette: "meadow",
    description: "A tortoise who remembers when the village was only three houses.", bio: "", artist_notes: "", has_video_story: false },
  { name: "Mothwing", character_type: "cryptid", status: "current", palette: "moon",
    description: "A gentle moth-winged watcher who keeps the porch lights company.",
    bio: "Mothwing founded the Alliance on a night when every porch light in the valley went out. She relit them one by one and has watched over them ever since.",
    artist_notes: "Her wings are painted wet-into-wet with a drop of iridescent medium.", has_video_story: true },
  { name: "Bramble", character_type: "cryptid", status: "current", palette: "forest",
    description: "A shy sasquatch who tends the forest's oldest trees.",
    bio: "Bramble is nine feet tall and terrified of squirrels. He knows the name of every tree in Hollow Pines and sings to the saplings in winter.",
    artist_notes: "", has_video_story: true },
  { name: "Nessa of the Loch", character_type: "cryptid", status: "current", palette: "harbor",
    description: "A lake serpent who only surfaces for a good story.",
    bio: "Nessa has been photographed exactly once, and she is still annoyed about the angle.", artist_notes: "", has_video_story: false },
  { name: "Jax the Jackalope", character_type: "cryptid", status: "current", palette: "meadow",
    description: "A quick-footed jackalope who carries messages between the hidden folk.",
    bio: "", artist_notes: "Antlers painted with a single dry-brush stroke each.", has_video_story: false },
  { name: "Glimmer", character_type: "cryptid", status: "upcoming", palette: "dusk",
    description: "A will-o'-the-wisp who leads lost hikers home.", bio: "", artist_notes: "", has_video_story: false },
];

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";
const SOLD = "Original - Sold Out";
const CUSTOM = "Custom Artwork";

export const paintings = [
  { title: "Lanterns Over Pebble Cove", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 480 }, featured: true, palette: "harbor",
    description: "The night the whole village hung lanterns along the breakwater to guide the fishing boats home." },
  { title: "Mothwing's Porch Light", tags: [PRINT, SOLD], tag_prices: { [PRINT]: 30 }, featured: true, palette: "moon",
    description: "Mothwing keeping watch over a single porch light at the edge of the woods." },
  { title: "The Teacup Ferry", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 32, [ORIGINAL]: 420 }, featured: true, palette: "coral",
    description: "Captain Kelp ferrying three very nervous mice across the cove." },
  { title: "Bramble in the Old Pines", tags: [ORIGINAL], tag_prices: { [ORIGINAL]: 650 }, featured: true, palette: "forest",
    description: "A tall, quiet figure among the oldest trees of Hollow Pines." },
  { title: "Sea Glass Morning", tags: [PRINT], tag_prices: { [PRINT]: 28 }, featured: false, palette: "meadow",
    description: "Wren sorting the night's sea glass by color on the warm rocks." },
  { title: "Nessa Surfaces", tags: [PRINT, ORIGINAL], tag_prices: { [PRINT]: 35, [ORIGINAL]: 560 }, featured: false, palette: "harbor",
    description: "A rare appearance in the loch, just long enough to hear the end of a story." },
  { title: "Postmistress at Dusk", tags: [SOLD], tag_prices: {}, featured: false, palette: "dusk",
    description: "Marigold's last delivery of the day, lantern glowing on her shell." },
  { title: "A Portrait for the Harlow Family", tags: [CUSTOM], tag_prices: {}, featured: false, palette: "coral",
    description: "A commissioned family portrait in the Pebblewick style. Ask about your own." },
  { title: "The Midnight Fair", tags: [PRINT, CUSTOM], tag_prices: { [PRINT]: 40 }, featured: false, palette: "dusk",
    description: "The Alliance's once-a-year fair, lit only by fireflies." },
];

export const books = [
  { title: "The Lantern Keeper of Pebblewick", price: 24.99, featured: true, palette: "harbor", gallery: 3,
    publisher_available: true, publisher_in_stock: true, publisher_link: "https://books.example/lantern-keeper", website_cart_available: true,
    description: "When the great lamp at the end of the breakwater goes dark, Barnaby Driftwood must find a new light before the fishing boats come home.\n\nA picture book about small neighbors, big storms, and the glow we carry for each other. 40 pages, fully illustrated in watercolor." },
  { title: "Mothwing and the Midnight Fair", price: 22.5, featured: false, palette: "moon", gallery: 2,
    publisher_available: true, publisher_in_stock: false, publisher_link: "https://books.example/midnight-fair", website_cart_available: true,
    description: "Once a year the hidden folk of Hollow Pines hold a fair lit only by fireflies, and this year Mothwing is in charge of the lights.\n\nThe first Hidden Cryptids Alliance story." },
  { title: "Tidepool Tales", price: 0, featured: false, palette: "coral", gallery: 1,
    publisher_available: false, publisher_in_stock: false, publisher_link: "", website_cart_available: false,
    description: "Five bedtime stories from the rock pools below Pebblewick. Out of print; a new edition is being painted." },
  { title: "The Sasquatch Who Was Afraid of Squirrels", price: 19.99, featured: false, palette: "forest", gallery: 0,
    publisher_available: false, publisher_in_stock: false, publisher_link: "", website_cart_available: true,
    description: "Bramble is the biggest creature in the forest, and the most easily startled. A gentle story about courage in small doses." },
];

export const murals = [
  { title: "Harbor of Little Lights", location: "Pebble Cove Public Library", year: 2023, palette: "harbor",
    description: "A twenty-foot reading-room wall of lanterns, boats and the Pebblewick villagers." },
  { title: "The Alliance Gathers", location: "Hollow Pines Elementary School", year: 2024, palette: "forest",
    description: "The Hidden Cryptids Alliance meeting under the great pine, painted with the school's art club." },
  { title: "Seafoam Parade", location: "Marisol Children's Hospital, Ward 3", year: 2022, palette: "coral",
    description: "A parade of sea creatures winding along a hospital corridor, ending at the playroom door." },
];

export const merchandise = [
  { title: "Pebblewick Lighthouse Tee", price: 28, in_stock: true, featured: true, inventory_count: 24, palette: "harbor",
    available_sizes: ["S", "M", "L", "XL"], available_colors: ["Sea Glass", "Driftwood", "Navy"],
    description: "Soft cotton tee with Barnaby's lighthouse printed from the original watercolor." },
  { title: "Mothwing Enamel Pin", price: 12, in_stock: true, featured: false, inventory_count: 40, palette: "moon",
    available_sizes: [], available_colors: ["Gold", "Silver"], description: "A hard-enamel pin with glow-in-the-dark wings." },
  { title: "Hidden Cryptids Alliance Hoodie", price: 54, in_stock: true, featured: true, inventory_count: null, palette: "forest",
    available_sizes: ["S", "M", "L", "XL", "XXL"], available_colors: ["Moss", "Charcoal"],
    description: "Heavyweight hoodie with the Alliance crest on the back. Printed to order." },
  { title: "Tidepool Tote Bag", price: 22, in_stock: true, featured: false, inventory_count: 15, palette: "coral",
    available_sizes: [], available_colors: [], description: "Sturdy canvas tote with the Tidepool Tales cover art." },
  { title: "Lantern Keeper Mug", price: 18, in_stock: false, featured: false, inventory_count: 0, palette: "harbor",
    available_sizes: [], available_colors: [], description: "Stoneware mug; a new batch is being fired." },
];

// One numbered edition of a painting's print, with a few numbers sold through the demo provider
// (scripts/lib/seed.mjs), so the piece page, a certificate and a verify page have something to show.
export const edition = {
  painting: "Lanterns Over Pebble Cove", size: 50, artist_proofs: 5, paper: "300 g cotton rag", dimensions: "30 × 40 cm",
  price: 180, print_date: "2026-03-02 12:00:00.000Z",
  buyers: [
    { name: "Ida Fenwick", email: "ida@collectors.example", city: "Portland", postal_code: "04101", country: "US", state: "ME" },
    { name: "Tomas Reyes", email: "tomas@collectors.example", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" },
    { name: "Mei Lin", email: "mei@collectors.example", city: "Vancouver", postal_code: "V6B 1A1", country: "CA", state: "BC" },
  ],
};


// Files sold to download (scripts/lib/seed.mjs): a story e-book stamped for each buyer (a real PDF
// the seed writes, scripts/lib/story-pdf.mjs) and a printable colouring page.
export const downloads = [
  { title: "The Lantern of Pebblewick", slug: "lantern-of-pebblewick-ebook", kind: "e-book", price: 9, world: "pebblewick", palette: "harbor", available: true,
    description: "A six-chapter bedtime story of Mossy and the lighthouse, as a PDF to read on any screen. Each copy carries its reader's name.",
    file: { title: "The Lantern of Pebblewick (PDF)", kind: "story", stamp: true } },
  { title: "Bigfoot's Campfire Colouring Page", slug: "bigfoot-campfire-colouring-page", kind: "colouring page", price: 3, world: "cryptid", palette: "forest", available: true,
    description: "A printable page of the Alliance around its campfire, at A4 and US Letter, ready for crayons or watercolour.",
    file: { title: "Bigfoot's Campfire (PNG, print at A4 or Letter)", kind: "picture", stamp: false } },
];
