import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../../../core/domain/errors';
import { imageTooLarge, type ByteStream } from '../../../../core/modules/uploads/image-storage';
import { tooManyImages, type FormPart } from '../../../../core/modules/products/product-form';

/**
 * The request's multipart parts for the product form, with @fastify/multipart's limit errors ('reach files limit',
 * …) turned into messages a seller understands. Nothing is read until the caller iterates, so the route's
 * onRequest seller check always runs before the first byte of a file.
 */
export async function* productFormParts(request: FastifyRequest, maxImageBytes: number): AsyncGenerator<FormPart> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media', 'multipart_required', 'Send the product as multipart/form-data with productData and images');
  }
  try {
    for await (const part of request.parts()) {
      const formPart = part as FormPart;
      yield formPart.type === 'file' ? { ...formPart, file: translatedFile(formPart.file, maxImageBytes) } : formPart;
    }
  } catch (error) {
    throw translate(error, maxImageBytes);
  }
}

/** A file's bytes with the same translation: a body cut off mid-file fails inside the file stream, not the iterator. */
function translatedFile(file: ByteStream, maxImageBytes: number): ByteStream {
  return {
    get truncated() {
      return file.truncated === true;
    },
    async *[Symbol.asyncIterator]() {
      try {
        for await (const chunk of file) yield chunk;
      } catch (error) {
        throw translate(error, maxImageBytes);
      }
    },
  };
}

function translate(error: unknown, maxImageBytes: number): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_FILES_LIMIT':
      return tooManyImages();
    case 'FST_REQ_FILE_TOO_LARGE':
      return imageTooLarge(maxImageBytes);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('too_large', 'too_many_fields', 'The form has too many fields: send productData and up to 4 images');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid('malformed_form', 'The form is malformed: send productData as a JSON string');
    case 'FST_MP_PREMATURE_CLOSE':
      return invalid('upload_interrupted', 'The upload was interrupted');
  }
  // busboy's own parse errors ('Unexpected end of form', 'Malformed part header') are the client's doing.
  if (error instanceof Error && !('statusCode' in error)) return invalid('malformed_form', 'The upload is not a valid multipart form');
  return error;
}
