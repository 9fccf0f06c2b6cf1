/**
 * Draws the demo project's H5 banners (`api/src/modules/banner/demo-images/*.jpg`, 750×320: the
 * banner's 375×160 CSS pixels at 2x) from the HTML below, in headless Chromium with the CJK font the
 * API ships (`api/assets/fonts/wqy-microhei.ttf`), and writes them as JPEG. Run by hand when the
 * artwork changes (`npx tsx scripts/make-demo-banners.ts`); the product only reads the committed
 * files, so nothing is drawn or downloaded at start. The H5 lays the banner's title over the bottom
 * of the picture, so the artwork keeps its words in the upper two thirds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'api', 'src', 'modules', 'banner', 'demo-images');
const FONT = path.join(ROOT, 'api', 'assets', 'fonts', 'wqy-microhei.ttf');
const [WIDTH, HEIGHT] = [750, 320];

interface BannerArt {
  file: string;
  /** Background gradient stops. */
  from: string;
  to: string;
  /** Accent of the pill and the illustration's highlights. */
  accent: string;
  kicker: string;
  headline: string;
  subline: string;
  /** An SVG drawing (viewBox 0 0 240 240) shown on the right. */
  art: string;
}

const HELMET = `
  <circle cx="120" cy="120" r="104" fill="rgba(255,255,255,.14)"/>
  <path d="M52 150 Q52 70 120 66 Q188 70 188 150 Z" fill="#ffd23f" stroke="#e0a800" stroke-width="4"/>
  <path d="M108 68 h24 v82 h-24 z" fill="#ffe57a"/>
  <rect x="36" y="146" width="168" height="22" rx="11" fill="#ffc107" stroke="#e0a800" stroke-width="4"/>
  <path d="M84 196 l36 -14 l36 14 v-8 l-36 -14 l-36 14 z" fill="rgba(255,255,255,.6)"/>
  <circle cx="178" cy="62" r="26" fill="#2ecc71"/>
  <path d="M166 62 l9 9 l17 -18" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`;

const BOOK = `
  <circle cx="120" cy="124" r="104" fill="rgba(255,255,255,.16)"/>
  <path d="M34 88 Q78 70 120 92 V196 Q78 174 34 190 Z" fill="#fff" stroke="#c2410c" stroke-width="4"/>
  <path d="M206 88 Q162 70 120 92 V196 Q162 174 206 190 Z" fill="#fff7ed" stroke="#c2410c" stroke-width="4"/>
  <path d="M52 110 Q80 100 104 112 M52 130 Q80 120 104 132 M52 150 Q80 140 104 152" stroke="#fdba74" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M136 112 Q160 100 188 110 M136 132 Q160 120 188 130" stroke="#fdba74" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M120 20 L190 46 L120 72 L50 46 Z" fill="#1f2937"/>
  <path d="M84 58 v22 Q120 96 156 80 v-22 L120 72 Z" fill="#374151"/>
  <path d="M186 48 v34" stroke="#fbbf24" stroke-width="5"/><circle cx="186" cy="86" r="7" fill="#fbbf24"/>`;

const FIRST_AID = `
  <circle cx="120" cy="120" r="104" fill="rgba(255,255,255,.16)"/>
  <rect x="40" y="70" width="160" height="120" rx="18" fill="#fff" stroke="#15803d" stroke-width="5"/>
  <path d="M92 70 v-18 a10 10 0 0 1 10 -10 h36 a10 10 0 0 1 10 10 v18" fill="none" stroke="#15803d" stroke-width="8"/>
  <path d="M106 100 h28 v22 h22 v28 h-22 v22 h-28 v-22 h-22 v-28 h22 z" fill="#ef4444"/>
  <path d="M166 40 c-12 -16 -36 -4 -26 16 l26 24 l26 -24 c10 -20 -14 -32 -26 -16 z" fill="#f43f5e" stroke="#fff" stroke-width="4"/>`;

const BANNERS: BannerArt[] = [
  {
    file: 'banner-safety.jpg',
    from: '#0b4fb3',
    to: '#3aa0f0',
    accent: '#ffd23f',
    kicker: '年度专题 · 火热报名中',
    headline: '安全第一 预防为主',
    subline: '安全生产专题培训 · 法规 · 隐患排查 · 应急处置',
    art: HELMET,
  },
  {
    file: 'banner-skills.jpg',
    from: '#d9480f',
    to: '#f8a13f',
    accent: '#fff3bf',
    kicker: '公需科目 · 在线学习',
    headline: '技能成就未来',
    subline: '职业技能提升公需课 · 随时学 · 学时自动记录',
    art: BOOK,
  },
  {
    file: 'banner-first-aid.jpg',
    from: '#0f7a4a',
    to: '#3cc486',
    accent: '#d3f9d8',
    kicker: '专项课程 · 学完发证',
    headline: '关键时刻 救在身边',
    subline: '心肺复苏 · AED 使用 · 创伤止血包扎',
    art: FIRST_AID,
  },
];

function html(banner: BannerArt, fontUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    @font-face { font-family: 'Banner CJK'; src: url('${fontUrl}'); }
    * { margin: 0; box-sizing: border-box; }
    body { width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; font-family: 'Banner CJK', sans-serif; }
    .banner { position: relative; width: 100%; height: 100%; overflow: hidden; color: #fff;
      background: linear-gradient(120deg, ${banner.from} 0%, ${banner.to} 100%); }
    .ring { position: absolute; border-radius: 50%; border: 28px solid rgba(255,255,255,.08); }
    .dots { position: absolute; left: 360px; top: 26px; width: 120px; height: 60px;
      background-image: radial-gradient(rgba(255,255,255,.35) 2.5px, transparent 3px); background-size: 16px 16px; }
    .stripe { position: absolute; left: -40px; bottom: -60px; width: 520px; height: 150px; transform: rotate(-8deg);
      background: rgba(255,255,255,.07); }
    .text { position: absolute; left: 44px; top: 40px; width: 470px; }
    .kicker { display: inline-block; padding: 6px 18px; border-radius: 999px; font-size: 22px; font-weight: bold;
      color: ${banner.from}; background: ${banner.accent}; }
    .headline { margin-top: 16px; font-size: 50px; font-weight: bold; letter-spacing: 3px; line-height: 1.15;
      text-shadow: 0 4px 12px rgba(0,0,0,.25); white-space: nowrap; }
    .subline { margin-top: 14px; font-size: 22px; opacity: .95; white-space: nowrap; }
    svg { position: absolute; right: 34px; top: 36px; width: 200px; height: 200px; }
  </style></head><body><div class="banner">
    <div class="ring" style="width:420px;height:420px;right:-120px;top:-150px"></div>
    <div class="ring" style="width:260px;height:260px;left:-90px;top:170px"></div>
    <div class="stripe"></div><div class="dots"></div>
    <div class="text">
      <div class="kicker">${banner.kicker}</div>
      <div class="headline">${banner.headline}</div>
      <div class="subline">${banner.subline}</div>
    </div>
    <svg viewBox="0 0 240 240" xmlns="http://www.w3.org/2000/svg">${banner.art}</svg>
  </div></body></html>`;
}

async function main(): Promise<void> {
  // Debian's Chromium (CHROMIUM_PATH to override), as the browser tests use it; nothing is downloaded.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
    const fontUrl = `file://${FONT}`;
    fs.mkdirSync(OUT_DIR, { recursive: true });
    for (const banner of BANNERS) {
      const file = path.join(OUT_DIR, '.banner.html');
      fs.writeFileSync(file, html(banner, fontUrl));
      await page.goto(`file://${file}`);
      await page.evaluate('document.fonts.ready');
      const bytes = await page.screenshot({ type: 'jpeg', quality: 82 });
      fs.writeFileSync(path.join(OUT_DIR, banner.file), bytes);
      // PREVIEW_DIR: a PNG of each too, for viewers that do not read JPEG.
      const preview = process.env.PREVIEW_DIR;
      if (preview) await page.screenshot({ path: path.join(preview, banner.file.replace(/\.jpg$/, '.png')) });
      fs.rmSync(file);
      console.log(`${banner.file}: ${bytes.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

void main();
