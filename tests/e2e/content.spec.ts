/**
 * Content and SEO pages: headline texts, accordions, blog index and posts, structured
 * data, sitemap, the unknown-post state and axe accessibility checks.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const FAQ_COUNT = 27;
const PRIVACY_SECTION_COUNT = 14;
const GUIDE_ITEM_COUNT = 7;
const POST_COUNT = 12;
const PUBLICATION_DATE = "2025-08-23";
const ULTIMATE_GUIDE = "/blogs/the-ultimate-guide-to-virtual-watch-parties";
const STREAMER_PLAYBOOK = "/blogs/the-complete-playbook-for-streamer-watch-parties";

type JsonLdObject = Record<string, unknown>;

async function jsonLd(page: Page): Promise<JsonLdObject[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLdObject);
}

const accordionHeaders = (page: Page) => page.locator("[data-accordion] [data-accordion-item] button[aria-controls]");

/** Opens header i, checks it alone is expanded with a visible region, then closes it by clicking again. */
async function expectOneOpenAtATime(page: Page, first: number, second: number) {
  const headers = accordionHeaders(page);
  await headers.nth(first).click();
  await expect(headers.nth(first)).toHaveAttribute("aria-expanded", "true");
  const firstPanel = page.locator(`[id="${await headers.nth(first).getAttribute("aria-controls")}"]`);
  await expect(firstPanel).toBeVisible();
  await expect(firstPanel).toHaveAttribute("role", "region");

  await headers.nth(second).click();
  await expect(headers.nth(second)).toHaveAttribute("aria-expanded", "true");
  await expect(headers.nth(first)).toHaveAttribute("aria-expanded", "false");
  await expect(firstPanel).toBeHidden();
  await expect(page.locator('[data-accordion] button[aria-expanded="true"]')).toHaveCount(1);

  await headers.nth(second).click();
  await expect(headers.nth(second)).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator('[data-accordion] button[aria-expanded="true"]')).toHaveCount(0);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude("nextjs-portal").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    "serious or critical axe violations",
  ).toEqual([]);
}

test.describe("home", () => {
  test("title, hero, Start Watching and the four offers", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Watch Movies & TV Together Online");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Watch Movies & TV Together Online");
    const start = page.getByRole("link", { name: /Start Watching/ });
    await expect(start).toBeVisible();
    expect(await start.getAttribute("href")).toBeTruthy();
    await expect(page.getByRole("heading", { level: 2, name: "What ViewParty Offers" })).toBeVisible();
    for (const card of ["Join a Community", "Watch a Marathon", "DJ Music Streams", "Vote on the next viewing"]) {
      await expect(page.getByRole("heading", { level: 3, name: card })).toBeVisible();
    }
    await expect(page.getByText(/vote on a discussion period/i)).toBeVisible();
    const types = (await jsonLd(page)).map((block) => block["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  });
});

test.describe("about", () => {
  test("hero, Who/What/Where/When, six features and CTAs", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About ViewParty");
    for (const card of ["Who", "What", "Where", "When"]) {
      await expect(page.getByRole("heading", { level: 3, name: card, exact: true })).toBeVisible();
    }
    const features = page.locator("#features h3");
    await expect(features).toHaveCount(6);
    for (const href of ["/getting-started", "/parties", "/faqs"]) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
  });
});

test.describe("faq", () => {
  test("27 entries, one open at a time, FAQPage JSON-LD and Contact Support", async ({ page }) => {
    await page.goto("/faqs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    await expect(accordionHeaders(page)).toHaveCount(FAQ_COUNT);
    await expectOneOpenAtATime(page, 0, 5);

    await accordionHeaders(page).filter({ hasText: "What internet speed do I need?" }).click();
    await expect(page.getByText(/at least 5 Mbps/)).toBeVisible();
    await accordionHeaders(page).filter({ hasText: "How many people can join a party?" }).click();
    await expect(page.getByText(/50 or fewer/)).toBeVisible();
    await accordionHeaders(page).filter({ hasText: "What computer do I need?" }).click();
    await expect(page.getByText(/8 GB of RAM/)).toBeVisible();

    const faq = (await jsonLd(page)).find((block) => block["@type"] === "FAQPage");
    expect(faq).toBeDefined();
    const entities = faq?.mainEntity as { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
    expect(entities).toHaveLength(FAQ_COUNT);
    for (const entity of entities) {
      expect(entity["@type"]).toBe("Question");
      expect(entity.name.length).toBeGreaterThan(5);
      expect(entity.acceptedAnswer["@type"]).toBe("Answer");
      expect(entity.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
    const visibleQuestions = await accordionHeaders(page).allTextContents();
    expect(entities.map((e) => e.name)).toEqual(visibleQuestions.map((q) => q.trim()));

    const contact = page.getByRole("link", { name: "Contact Support" });
    expect(await contact.getAttribute("href")).toMatch(/^mailto:.+@.+/);
  });

  test("headers are keyboard operable", async ({ page }) => {
    await page.goto("/faqs");
    const headers = accordionHeaders(page);
    await headers.nth(0).focus();
    await page.keyboard.press("Enter");
    await expect(headers.nth(0)).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(headers.nth(1)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(headers.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(headers.nth(0)).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("getting started", () => {
  test("six sections, extension anchor, links and the signup modal", async ({ page }) => {
    await page.goto("/getting-started");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Getting Started with ViewParty");
    await expect(page.getByText("5-minute setup")).toBeVisible();
    await expect(page.locator("main section h2")).toHaveCount(6);
    await expect(page.locator("#install-the-extension")).toBeVisible();
    for (const href of ["/parties", "/faqs", "/streaming-guide"]) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
    await page.locator("#create-an-account").getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel(/confirm password/i)).toBeVisible();
  });
});

test.describe("streaming guide", () => {
  test("title, four highlights, seven items one at a time, and links", async ({ page }) => {
    await page.goto("/streaming-guide");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Streaming Guide");
    for (const card of ["DMCA Safe", "Zero Latency", "Global Reach", "Easy Setup"]) {
      await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
    }
    await expect(accordionHeaders(page)).toHaveCount(GUIDE_ITEM_COUNT);
    const titles = (await accordionHeaders(page).allTextContents()).map((t) => t.trim());
    expect(titles.slice(0, 6)).toEqual([
      "Getting Started for Twitch",
      "Legal Compliance & DMCA Safety",
      "Broadcast Latency & Synchronization",
      "International Viewers",
      "Best Practices",
      "Troubleshooting",
    ]);
    await expectOneOpenAtATime(page, 1, 6);
    for (const href of [ULTIMATE_GUIDE, STREAMER_PLAYBOOK, "/getting-started", "/faqs"]) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeAttached();
    }
  });
});

test.describe("legal pages", () => {
  test("privacy policy: 14 sections, toggle-close, last updated", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(page.getByText("Last updated December 2024")).toBeVisible();
    await expect(accordionHeaders(page)).toHaveCount(PRIVACY_SECTION_COUNT);
    await expectOneOpenAtATime(page, 0, 11);
    await accordionHeaders(page).filter({ hasText: "Children" }).click();
    await expect(page.getByText(/aged 13 and over/)).toBeVisible();
    await accordionHeaders(page).filter({ hasText: "Data Retention" }).click();
    await expect(page.getByText(/delete your personal data within 30 days/)).toBeVisible();
    await expect(page.getByText(/up to 12 months/)).toBeVisible();
    await accordionHeaders(page).filter({ hasText: "Your Rights" }).click();
    await expect(page.getByText(/every request within 30 days/)).toBeVisible();
  });

  test("terms of service: last updated and eight sections", async ({ page }) => {
    await page.goto("/terms-of-service");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await expect(page.getByText("Last updated August 23, 2025")).toBeVisible();
    await expect(page.locator("main section h2")).toHaveCount(8);
    await expect(page.getByText(/unlawful, abusive, harassing, defamatory or obscene/)).toBeVisible();
  });

  test("contact: support e-mail, 48 hours; no social links when none are configured", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();
    await expect(page.getByText(/within 48 hours/).first()).toBeVisible();
    // The e2e server sets no NEXT_PUBLIC_VP_SOCIAL_* URL: no handle nobody owns is linked.
    await expect(page.locator("#community")).toHaveCount(0);
    await expect(page.locator("main a[href*='bsky.app'], main a[href*='discord']")).toHaveCount(0);
  });
});

test.describe("blog", () => {
  test("index shows 12 cards and every post renders title, category and read time", async ({ page }) => {
    // Thirteen page loads in one test: the default 30 s budget is one page's worth on a loaded
    // 2-core CI machine (it ran out there at the start of the suite, while the servers warmed up).
    test.setTimeout(120_000);
    await page.goto("/blogs");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cards = page.locator("[data-blog-card]");
    await expect(cards).toHaveCount(POST_COUNT);
    const posts = [];
    for (let i = 0; i < POST_COUNT; i++) {
      const link = cards.nth(i).getByRole("link");
      const meta = await cards.nth(i).locator("p").first().innerText();
      posts.push({ href: (await link.getAttribute("href")) ?? "", title: (await link.innerText()).trim(), meta });
    }
    expect(new Set(posts.map((p) => p.href)).size).toBe(POST_COUNT);
    expect(posts.map((p) => p.href)).toEqual(expect.arrayContaining([ULTIMATE_GUIDE, STREAMER_PLAYBOOK]));

    for (const post of posts) {
      expect(post.href).toMatch(/^\/blogs\/[a-z0-9-]+$/);
      const response = await page.goto(post.href);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      await expect(page).toHaveTitle(`${post.title} - ViewParty Blog`);
      const readTime = /(\d+) min read/.exec(post.meta)?.[1];
      expect(Number(readTime)).toBeGreaterThanOrEqual(4);
      expect(Number(readTime)).toBeLessThanOrEqual(12);
      await expect(page.getByText(`${readTime} min read`)).toBeVisible();
      const category = post.meta.split("\n")[0]?.trim() ?? "";
      expect(["Community", "How-To", "Streamers", "Legal", "Recommendations", "Guides"]).toContain(category);
      await expect(page.locator("article header").getByText(category, { exact: true })).toBeVisible();
      await expect(page.locator("article img").first()).toBeVisible();
    }
  });

  test("post page: Article JSON-LD, meta description and width", async ({ page }) => {
    await page.goto(ULTIMATE_GUIDE);
    const article = (await jsonLd(page)).find((block) => block["@type"] === "Article");
    expect(article).toMatchObject({
      headline: "The Ultimate Guide to Virtual Watch Parties",
      author: { "@type": "Organization", name: "ViewParty" },
      publisher: { "@type": "Organization", name: "ViewParty" },
      datePublished: PUBLICATION_DATE,
    });
    expect(JSON.stringify(article?.image)).toContain("/blog/");
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toMatch(/^Everything you need to host/);
    const width = await page.locator("article").evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(900);
    await expect(page.locator("article h2").first()).toBeVisible();
  });

  test("an unknown slug shows Post not found. with a 404", async ({ page }) => {
    const response = await page.goto("/blogs/this-post-does-not-exist");
    expect(response?.status()).toBe(404);
    const message = page.getByText("Post not found.", { exact: true });
    await expect(message).toBeVisible();
    const color = await message.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(200);
    expect(g ?? 255).toBeLessThan(150);
    expect(b ?? 255).toBeLessThan(150);
  });

  test("sitemap lists every post and the content pages", async ({ page, request }) => {
    await page.goto("/blogs");
    const hrefs = await page.locator("[data-blog-card] a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const href of hrefs) expect(xml).toContain(`${href}</loc>`);
    expect(xml.match(/\/blogs\/[a-z0-9-]+<\/loc>/g)).toHaveLength(POST_COUNT);
    for (const path of ["/about", "/faqs", "/getting-started", "/streaming-guide", "/parties", "/contact"]) {
      expect(xml).toContain(`${path}</loc>`);
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });
});

test.describe("accessibility", () => {
  const pages = [
    "/",
    "/about",
    "/faqs",
    "/getting-started",
    "/streaming-guide",
    "/privacy-policy",
    "/terms-of-service",
    "/contact",
    "/blogs",
    ULTIMATE_GUIDE,
    "/blogs/this-post-does-not-exist",
  ];
  for (const path of pages) {
    test(`axe: no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expectNoSeriousAxeViolations(page);
    });
  }

  test("axe: open accordion panels pass too", async ({ page }) => {
    await page.goto("/privacy-policy");
    await accordionHeaders(page).first().click();
    await expectNoSeriousAxeViolations(page);
  });
});
