// A campaign's letter, HTML and plain text, from what the studio wrote: paragraphs, "## " headings,
// [words](https://…) links, and pieces of the catalogue with their picture, title, price and address.
// Markup is not taken from the text: script is removed and every other tag is dropped, so what the
// studio writes can only ever be words, headings and links. Each recipient's unsubscribe and
// "your letters" addresses are filled in by the server's sender ({{unsubscribe_url}}, {{letters_url}}).

const { listName } = require(`${__hooks}/lib/letters/newsletter-lists.js`);
const { dollars } = require(`${__hooks}/lib/money/money.js`);

const LIMIT_BYTES = 200 * 1024;
const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";

// Where each kind of piece lives: its collection, picture field and list address. An address
// with the id alone is redirected by the server to the piece's words (docs/decisions/016).
const KINDS = {
  painting: { collection: "paintings", picture: "image", path: () => "/gallery/" },
  book: { collection: "books", picture: "image", path: () => "/book/" },
  merchandise: { collection: "merchandise", picture: "primary_image", path: () => "/shop/" },
  mural: { collection: "murals", picture: "image", path: () => "/murals/" },
  character: { collection: "characters", picture: "image", path: (r) => (r.getString("character_type") === "cryptid" ? "/cryptids/" : "/pebblewick/") },
};

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** The studio's text without markup; `removed` says whether script or tags were taken out. */
function cleanText(body) {
  const raw = String(body || "").replace(/\r\n?/g, "\n");
  const noScript = raw.replace(/<script\b[\s\S]*?(<\/script\s*>|$)/gi, "").replace(/<\/?[a-z!][^>]*>/gi, "");
  return { text: noScript, removed: noScript !== raw };
}

/**
 * The letter's links, each led through the shop's own address so its clicks can be counted: the
 * n-th address is kept with the campaign, and /letters/click/<campaign>/<n>/<member> redirects to it
 * (no open redirect: the address comes from the campaign, never from the request).
 */
function linkKeeper() {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  const links = [];
  return {
    links,
    track(url) {
      let n = links.indexOf(url);
      if (n < 0) n = links.push(url) - 1;
      return `${siteUrl()}/letters/click/{{campaign_id}}/${n}/{{member_token}}`;
    },
  };
}

function inlineHtml(line, track) {
  const parts = [];
  let rest = line;
  const link = /\[([^\]\n]{1,300})\]\((https?:\/\/[^\s)]{1,2000})\)/i;
  for (let m = link.exec(rest); m; m = link.exec(rest)) {
    parts.push(esc(rest.slice(0, m.index)));
    parts.push(`<a href="${esc(track(m[2]))}" style="color:#8a4b2a">${esc(m[1])}</a>`);
    rest = rest.slice(m.index + m[0].length);
  }
  parts.push(esc(rest));
  return parts.join("");
}

function inlineText(line, track) {
  return line.replace(/\[([^\]\n]{1,300})\]\((https?:\/\/[^\s)]{1,2000})\)/gi, (_, words, url) => `${words} (${track(url)})`);
}

function blocks(text) {
  return text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b) => {
      const heading = /^#{1,3}\s+(.+)$/.exec(b);
      return heading && b.indexOf("\n") < 0 ? { heading: heading[1] } : { lines: b.split("\n") };
    });
}

function priceOf(kind, r) {
  if (kind === "painting") {
    const prices = require(`${__hooks}/lib/base/records.js`).readJson(r, "tag_prices", {}) || {};
    const parts = [];
    if (prices[PRINT] > 0) parts.push("Prints " + dollars(Math.round(prices[PRINT] * 100)));
    if (prices[ORIGINAL] > 0) parts.push("Original " + dollars(Math.round(prices[ORIGINAL] * 100)));
    return parts.join(" · ");
  }
  const price = r.getFloat("price");
  return price > 0 && (kind === "book" || kind === "merchandise") ? dollars(Math.round(price * 100)) : "";
}

/** The pieces as the letter shows them; a piece that is gone is refused by name. */
function readPieces(app, refs) {
  const { siteUrl } = require(`${__hooks}/lib/base/config.js`);
  return (Array.isArray(refs) ? refs : []).map((ref) => {
    const kind = KINDS[ref && ref.kind];
    if (!kind) throw new BadRequestError("A picked piece is of a kind letters cannot show.");
    let r;
    try {
      r = app.findRecordById(kind.collection, String(ref.id || ""));
    } catch (_) {
      throw new BadRequestError("A picked piece is no longer in the catalogue: remove it and pick again.");
    }
    const file = r.getString(kind.picture);
    return {
      title: r.getString("title") || r.getString("name"),
      price: priceOf(ref.kind, r),
      address: siteUrl() + kind.path(r) + r.id,
      picture: file ? `${siteUrl()}/api/files/${r.collection().id}/${r.id}/${encodeURIComponent(file)}?thumb=800x0` : "",
    };
  });
}

function pieceHtml(p, track) {
  const to = track(p.address);
  return (
    `<tr><td style="padding:12px 0;border-top:1px solid #e6dccb">` +
    (p.picture ? `<a href="${esc(to)}"><img src="${esc(p.picture)}" alt="${esc(p.title)}" width="520" style="display:block;width:100%;max-width:520px;height:auto;border-radius:6px"></a>` : "") +
    `<p style="margin:8px 0 0;font-size:18px"><a href="${esc(to)}" style="color:#24323f;text-decoration:none"><b>${esc(p.title)}</b></a></p>` +
    (p.price ? `<p class="soft" style="margin:4px 0 0;color:#51606d">${esc(p.price)}</p>` : "") +
    `<p style="margin:4px 0 0"><a href="${esc(to)}" style="color:#8a4b2a">${esc(p.address)}</a></p></td></tr>`
  );
}

/** The paper every marketing letter is written on: light and dark, at most 560 px wide, `rows` of a table. */
function paper(title, preview, rows) {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">',
    `<title>${esc(title)}</title>`,
    "<style>@media (prefers-color-scheme: dark){body,.paper{background:#141c24!important;color:#efe7da!important}.paper a,.paper b{color:#f0b48a!important}.paper .soft{color:#c4bdb1!important}.paper a.button,.paper a.button b{color:#ffffff!important}}</style>",
    '</head><body style="margin:0;padding:0;background:#f8f2e7;color:#24323f">',
    `<div style="display:none;max-height:0;overflow:hidden">${esc(preview || "")}</div>`,
    '<table role="presentation" class="paper" width="100%" cellpadding="0" cellspacing="0" style="background:#f8f2e7;color:#24323f;font-family:Georgia,serif;font-size:16px;line-height:1.55">',
    '<tr><td align="center" style="padding:24px 16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">',
    '<tr><td class="soft" style="font-size:14px;letter-spacing:0.08em;text-transform:uppercase;color:#51606d;padding-bottom:12px">Lanternwood Studio</td></tr>',
    ...rows,
    "</table></td></tr></table></body></html>",
  ].join("\n");
}

/** The foot of a marketing letter: why it came, its links (markup), and the studio's postal address. */
function footerHtml(why, linksHtml, postalAddress) {
  return (
    '<tr><td class="soft" style="padding-top:24px;border-top:1px solid #e6dccb;font-size:13px;color:#51606d">' +
    `<p style="margin:0 0 8px">${esc(why)}</p><p style="margin:0 0 8px">${linksHtml}</p>` +
    `<p style="margin:0">${esc(postalAddress).replace(/\n/g, "<br>")}</p></td></tr>`
  );
}

/**
 * Renders { subject, preview, body, lists } with `pieces` (from readPieces) and the studio's postal
 * address. Returns { html, text, removed, links }.
 */
function renderLetter(campaign, pieces, postalAddress) {
  const { text, removed } = cleanText(campaign.body);
  const { links, track } = linkKeeper();
  const parts = blocks(text);
  const lists = campaign.lists.map(listName).join(", ");
  const footer = `You get this letter because you asked for letters from Lanternwood Studio on: ${lists}.`;
  const html = paper(campaign.subject, campaign.preview, [
    ...parts.map((p) =>
      p.heading
        ? `<tr><td><h2 style="font-size:22px;margin:18px 0 6px">${inlineHtml(p.heading, track)}</h2></td></tr>`
        : `<tr><td><p style="margin:0 0 12px">${p.lines.map((l) => inlineHtml(l, track)).join("<br>")}</p></td></tr>`,
    ),
    ...pieces.map((p) => pieceHtml(p, track)),
    footerHtml(footer, '<a href="{{letters_url}}" style="color:#8a4b2a">Choose your letters</a> · <a href="{{unsubscribe_url}}" style="color:#8a4b2a">Unsubscribe</a>', postalAddress),
  ]);
  const plain = [
    "LANTERNWOOD STUDIO",
    "",
    ...parts.map((p) => (p.heading ? `${inlineText(p.heading, track).toUpperCase()}\n` : p.lines.map((l) => inlineText(l, track)).join("\n") + "\n")),
    ...pieces.map((p) => [p.title, p.price, track(p.address)].filter(Boolean).join("\n") + "\n"),
    "--",
    footer,
    "Choose your letters: {{letters_url}}",
    "Unsubscribe: {{unsubscribe_url}}",
    "",
    postalAddress,
  ].join("\n");
  return { html, text: plain, removed, links };
}

/** Bytes of UTF-8, as the letter travels. */
function byteLength(s) {
  return String(s).replace(/[\u0080-\u07ff]/g, "12").replace(/[\u0800-\uffff]/g, "123").length;
}

module.exports = { renderLetter, readPieces, byteLength, paper, footerHtml, esc, LIMIT_BYTES };
