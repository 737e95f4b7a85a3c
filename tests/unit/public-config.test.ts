/**
 * The browser-safe configuration: NEXT_PUBLIC_* values validated like the server's env, with the
 * README's defaults, and read in this one module only, which names no server variable (it is bundled
 * into client code).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parsePublicEnv } from "@/lib/config/public-config";

const ROOT = join(__dirname, "../..");
const MODULE = join(ROOT, "lib/config/public-config.ts");

describe("parsePublicEnv", () => {
  it("applies the documented defaults when a variable is unset or empty", () => {
    const defaults = {
      siteUrl: "http://localhost:3000",
      extensionStoreUrl: "/get-extension",
      supportEmail: "support@viewparty.app",
      socialMicroblogUrl: null,
      socialChatUrl: null,
      youtubeThumbnailBaseUrl: null,
    };
    expect(parsePublicEnv({})).toEqual(defaults);
    expect(
      parsePublicEnv({
        NEXT_PUBLIC_VP_SITE_URL: "",
        NEXT_PUBLIC_VP_EXTENSION_STORE_URL: " ",
        NEXT_PUBLIC_VP_SUPPORT_EMAIL: "",
        NEXT_PUBLIC_VP_SOCIAL_CHAT_URL: "",
      }),
    ).toEqual(defaults);
  });

  it("takes valid values, without the site URL's trailing slash (canonical links append the path)", () => {
    expect(
      parsePublicEnv({
        NEXT_PUBLIC_VP_SITE_URL: "https://watch.example.org/",
        NEXT_PUBLIC_VP_EXTENSION_STORE_URL: "https://chromewebstore.google.com/detail/viewparty/abc",
        NEXT_PUBLIC_VP_SUPPORT_EMAIL: "help@example.org",
        NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL: "https://social.example.org/@viewparty",
        NEXT_PUBLIC_VP_SOCIAL_CHAT_URL: "https://chat.example.org/invite/vp",
        NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL: "https://i.ytimg.com/vi",
      }),
    ).toEqual({
      siteUrl: "https://watch.example.org",
      extensionStoreUrl: "https://chromewebstore.google.com/detail/viewparty/abc",
      supportEmail: "help@example.org",
      socialMicroblogUrl: "https://social.example.org/@viewparty",
      socialChatUrl: "https://chat.example.org/invite/vp",
      youtubeThumbnailBaseUrl: "https://i.ytimg.com/vi",
    });
    expect(parsePublicEnv({ NEXT_PUBLIC_VP_EXTENSION_STORE_URL: "/downloads/extension" }).extensionStoreUrl).toBe("/downloads/extension");
  });

  it.each([
    ["NEXT_PUBLIC_VP_SITE_URL", "viewparty.example.org"],
    ["NEXT_PUBLIC_VP_SITE_URL", "ftp://viewparty.example.org"],
    ["NEXT_PUBLIC_VP_SUPPORT_EMAIL", "support-at-example.org"],
    ["NEXT_PUBLIC_VP_SOCIAL_CHAT_URL", "javascript:alert(1)"],
    ["NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL", "not a url"],
    ["NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL", "data:image/png;base64,AAAA"],
    ["NEXT_PUBLIC_VP_EXTENSION_STORE_URL", "//elsewhere.example.org/extension"],
    ["NEXT_PUBLIC_VP_EXTENSION_STORE_URL", "get-extension"],
  ])("refuses %s=%s with a message naming the variable", (name, value) => {
    expect(() => parsePublicEnv({ [name]: value })).toThrow(new RegExp(`^Invalid public environment configuration: ${name}: `));
  });
});

describe("where public variables are read", () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|tsx|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
    );

  it("only lib/config/public-config.ts reads NEXT_PUBLIC_* variables", () => {
    const files = ["app", "components", "lib", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts"].flatMap((p) =>
      p.endsWith(".ts") ? [join(ROOT, p)] : sources(join(ROOT, p)),
    );
    const readers = files.filter((f) => f !== MODULE && /process\.env\.NEXT_PUBLIC_|process\.env\[["']NEXT_PUBLIC_/.test(readFileSync(f, "utf8")));
    expect(readers.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it("the module reads no server variable and imports nothing but zod (it ships to the browser)", () => {
    const code = readFileSync(MODULE, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    const envReads = [...code.matchAll(/process\.env(\.\w+|\[[^\]]*\])?/g)].map((m) => m[0]);
    expect(envReads.length).toBeGreaterThan(0);
    expect(envReads.filter((read) => !read.startsWith("process.env.NEXT_PUBLIC_"))).toEqual([]);
    expect([...code.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1])).toEqual(["zod"]);
  });
});
