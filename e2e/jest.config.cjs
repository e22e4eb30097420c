// Jest runs only the process-level tests here (the supervisor of `npm start`); the browser
// journeys in tests/ belong to Playwright.
module.exports = { ...require('../jest.preset.cjs').node, testMatch: ['<rootDir>/supervisor/**/*.test.ts'] };
