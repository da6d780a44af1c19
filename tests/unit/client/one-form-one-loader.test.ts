import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../../client/src');

function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'hooks' && dir === src ? [] : components(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = components(src).map((file) => ({ file: path.relative(src, file), text: readFileSync(file, 'utf8') }));

/** The client's forms and loaders all go through client/src/hooks (use-zod-form.ts, use-loader.ts). */
describe('client forms and loaders', () => {
  it('check their fields with useZodForm only: no form keeps its own error state', () => {
    expect(files.filter((f) => /fieldErrors\(|useState<FieldErrors>/.test(f.text)).map((f) => f.file)).toEqual(['lib/field-errors.ts']);
    const forms = files.filter((f) => /<form[\s\S]*?onSubmit=\{form\.handleSubmit\}/.test(f.text)).map((f) => f.file);
    expect(forms.sort()).toEqual([
      'features/addresses/components/address-form.tsx',
      'features/auth/components/login-modal.tsx',
      'features/operator/components/store-status-form.tsx',
      'features/seller/components/add-product-form.tsx',
      'features/seller/components/seller-login.tsx',
      'features/seller/components/seller-register-form.tsx',
    ]);
  });

  it('load server data with useLoader only: no component keeps its own cancelled flag or effect-started fetch', () => {
    expect(files.filter((f) => /let cancelled|cancelled = true/.test(f.text)).map((f) => f.file)).toEqual([]);
    const loadsInEffect = files.filter((f) => /useEffect\(\(\) => \{[^}]*\b(get[A-Z]\w*|isSeller)\(\)/.test(f.text));
    expect(loadsInEffect.map((f) => f.file)).toEqual([]);
  });
});
