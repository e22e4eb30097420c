const fs = require('node:fs');
const path = require('node:path');
const preset = require('../jest.preset.cjs').dom;

// Same switch as rsbuild.config.ts: the product forms' panel once it exists, the placeholder before.
const productForm = ['src/products/index.ts', 'src/products/index.tsx'].find((p) => fs.existsSync(path.join(__dirname, p)));

module.exports = {
  ...preset,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@lists/product-form$': productForm ? `<rootDir>/${productForm}` : '<rootDir>/src/components/productFormPending.tsx',
    // Swiper is ESM-only and needs a layout engine: the slider is replaced by a plain one in jsdom.
    '^swiper/react$': '<rootDir>/src/test/swiperStub.tsx',
    '^swiper/modules$': '<rootDir>/src/test/swiperStub.tsx',
    '^swiper/css(/.*)?$': require.resolve('../jest.file-stub.cjs'),
  },
};
