import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit + component tests run in jsdom or node (per-file docblock); integration tests start the real app. */
const config = {
  testEnvironment: "node",
  setupFilesAfterEnv: ["<rootDir>/tests/jest.setup.ts"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)", "<rootDir>/tests/integration/**/*.test.ts?(x)"],
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/extension/"],
  modulePathIgnorePatterns: ["<rootDir>/.next", "<rootDir>/.next-test", "<rootDir>/extension/.output"],
};

export default createJestConfig(config);
