// Renders the installable app's PNG icons (apps/web/public/icon-*.png, named in manifest.webmanifest) from the SVGs
// in apps/web/icons/ with Chromium. Run it after changing an SVG, and commit the PNGs: the build only copies them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const web = path.resolve(import.meta.dirname, '../apps/web');
const icons = [
  ['icon.svg', 'icon'],
  ['icon-maskable.svg', 'icon-maskable'],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const [source, name] of icons) {
    const svg = readFileSync(path.join(web, 'icons', source), 'utf8');
    for (const size of [192, 512]) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`);
      const file = path.join(web, 'public', `${name}-${size}.png`);
      await page.screenshot({ path: file, omitBackground: true });
      await page.close();
      console.log(`[icons] ${path.relative(process.cwd(), file)}`);
    }
  }
} finally {
  await browser.close();
}
