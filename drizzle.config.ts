import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations to db/migrations (committed); the app applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
