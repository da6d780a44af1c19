import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { describeInputProblem, findInputProblem } from '../../contracts/http/clean-input';
import { ProductData } from '../../contracts/http/products';
import { AppError, invalid } from '../../domain/errors';
import type { ByteStream, ImageStorage, StoredImage } from '../uploads/image-storage';

/** The four image slots per product. */
export const MAX_PRODUCT_IMAGES = 4;

/**
 * One part of a multipart form, as @fastify/multipart yields it, described structurally so this module stays free of
 * Fastify. A field's value is a string, or already parsed when the part declared application/json.
 */
export type FormPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated?: boolean }
  | { type: 'file'; fieldname: string; filename: string; file: ByteStream };

export type ProductForm<T = ProductData> = { data: T; images: StoredImage[] };

/**
 * Reads a product form: `productData` (a JSON string) and up to four `images`, in any order. POST /api/product/add
 * needs at least one image; an edit (PUT /api/product/:id) may keep the current ones and send none.
 * Images are stored as they stream in; if anything about the form is wrong, every image this call stored is
 * deleted before the error propagates, so a refused request leaves no file behind.
 */
export async function readProductForm<T = ProductData>(
  parts: AsyncIterable<FormPart>,
  storage: ImageStorage,
  form: { schema: $ZodType<T>; imageRequired: boolean } = { schema: ProductData as unknown as $ZodType<T>, imageRequired: true },
): Promise<ProductForm<T>> {
  const images: StoredImage[] = [];
  let data: T | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') throw invalid('unexpected_file', 'Send product images in the "images" field');
        if (images.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
        images.push(await storage.save(part.file));
      } else if (part.fieldname === 'productData') {
        if (data) throw invalid('duplicate_product_data', 'Send productData only once');
        // Parsed as soon as it arrives: a bad form sent data-first is refused before any image is stored.
        data = parseProductData(form.schema, part.value, part.valueTruncated === true);
      } else {
        throw invalid('unexpected_field', 'The form takes only productData and images');
      }
    }
    if (!data) throw invalid('product_data_required', 'productData is required');
    if (form.imageRequired && images.length === 0) throw invalid('image_required', 'Add at least one product image');
    return { data, images };
  } catch (error) {
    await storage.removeAll(images);
    throw error;
  }
}

export const tooManyImages = () =>
  new AppError('too_large', 'too_many_images', `A product can have at most ${MAX_PRODUCT_IMAGES} images`);

function parseProductData<T>(schema: $ZodType<T>, value: unknown, truncated: boolean): T {
  if (truncated) throw invalid('product_data_too_long', 'productData is too long');
  let json = value;
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value);
    } catch {
      throw invalid('product_data_not_json', 'productData must be a JSON object');
    }
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw invalid('product_data_not_json', 'productData must be a JSON object');
  }
  const problem = findInputProblem(json, 'productData');
  if (problem) throw invalid('invalid_text', describeInputProblem(problem));
  const parsed = safeParse(schema, json);
  if (!parsed.success) {
    // The schema's messages name their field ('Price must be more than 0'), so they read well joined.
    const messages = new Set(parsed.error.issues.map((i) => i.message));
    throw invalid('invalid_product_data', [...messages].join('; '));
  }
  return parsed.data;
}
