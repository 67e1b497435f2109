import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["fake-indexeddb/auto"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Each file starts its own PocketBase; two at a time suits a 2-core machine.
          maxWorkers: 2,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
