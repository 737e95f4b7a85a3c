import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit + component tests run in jsdom or node (per-file docblock); integration tests start the real app. */
const config = {
  testEnvironment: "node",
  setupFilesAfterEnv: ["<rootDir>/tests/jest.setup.ts"],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    // WXT's storage publishes only an `import` export, which Jest's resolver does not take.
    "^@wxt-dev/storage$": "<rootDir>/node_modules/@wxt-dev/storage/dist/index.mjs",
    // The extension's storage runs on WXT's in-memory fake browser, as under WXT's Vitest plugin.
    "^@wxt-dev/browser$": "<rootDir>/tests/support/extension/wxt-browser.ts",
  },
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)", "<rootDir>/tests/integration/**/*.test.ts?(x)"],
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/extension/"],
  modulePathIgnorePatterns: ["<rootDir>/.next", "<rootDir>/extension/.output"],
};

/**
 * The markdown pipeline (unified, remark, rehype and their helpers) and WXT's storage and testing
 * modules ship only as ES modules, which Jest on Node 20 cannot require: let SWC compile those too.
 */
const ESM_ONLY = [
  "@ungap/structured-clone", "bail", "ccount", "character-entities[^/]*", "comma-separated-tokens",
  "decode-named-character-reference", "devlop", "escape-string-regexp", "hast-util-[^/]+", "html-void-elements",
  "is-plain-obj", "longest-streak", "markdown-table", "mdast-util-[^/]+", "micromark[^/]*", "property-information",
  "rehype-[^/]+", "remark-[^/]+", "space-separated-tokens", "stringify-entities", "trim-lines", "trough", "unified",
  "unist-util-[^/]+", "vfile[^/]*", "zwitch", "wxt", "@wxt-dev/storage",
];

const jestConfig = async () => {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    // next/jest's first two patterns ignore all of node_modules; keep its others.
    transformIgnorePatterns: [`/node_modules/(?!(?:${ESM_ONLY.join("|")})/)`, ...resolved.transformIgnorePatterns.slice(2)],
  };
};

export default jestConfig;
