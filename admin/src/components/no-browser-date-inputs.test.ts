import fs from 'node:fs';
import path from 'node:path';

/**
 * The back office picks dates with antd's DatePicker/RangePicker in Chinese (`components/DateFields`)
 * and the H5 with react-vant's pickers; the browser's own date inputs (mm/dd/yyyy in an English
 * browser, unlike the rest of the screens) must not come back in either app.
 */
const APPS = {
  admin: path.resolve(__dirname, '..'),
  h5: path.resolve(__dirname, '../../../h5/src'),
};

/** A browser date or time input: `type="date"`, `type={'datetime-local'}`, `type: 'month'`… */
const BROWSER_DATE_INPUT = /\btype\s*[=:]\s*\{?\s*(['"`])(date|datetime-local|month|week|time)\1/;

/** Every source file under `dir` (tests excluded: they may name what they guard against). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('no browser date inputs', () => {
  it('recognises the ways a browser date input is written', () => {
    for (const text of [
      '<Input type="date" />',
      "<input type='datetime-local' />",
      "<TextInput type={'month'} />",
      '{ type: "time" }',
    ])
      expect(BROWSER_DATE_INPUT.test(text)).toBe(true);
    for (const text of ['<Input type="text" />', "<Button type='primary' />", 'type="dateRange"'])
      expect(BROWSER_DATE_INPUT.test(text)).toBe(false);
  });

  it.each(Object.entries(APPS))('%s uses none (antd or react-vant pickers instead)', (_app, dir) => {
    const files = sourceFiles(dir);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          BROWSER_DATE_INPUT.test(line) ? [`${path.relative(dir, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
