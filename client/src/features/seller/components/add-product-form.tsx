import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ProductData } from '@core/contracts/http/products';
import type { ProductDto } from '@core/contracts/http/product-replies';
import { CATEGORIES } from '@core/domain/categories';
import { PRODUCT_IMAGE_ACCEPT, PRODUCT_IMAGE_SLOTS } from '../../../config/constants';
import { FormField, RupeesField } from '../../../components/ui/form-field';
import { UploadIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast/toast-store';
import { useZodForm } from '../../../hooks/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { addProduct, currentSellerProduct, editProduct } from '../api/seller-products';
import { useSellerProducts } from '../stores/seller-products-store';
import './seller.css';

/** An image slot holds nothing, an image the product already has (edit), or a newly picked file. */
type Slot = { url: string } | { file: File } | null;
type Slots = Slot[];

const emptySlots = (): Slots => Array.from({ length: PRODUCT_IMAGE_SLOTS }, () => null);
const slotsOf = (product: ProductDto): Slots => emptySlots().map((_, i) => (product.images[i] ? { url: product.images[i] } : null));
const newFiles = (slots: Slots) => slots.flatMap((s) => (s && 'file' in s ? [s.file] : []));
/** The edit's image list in slot order: a kept image by its URL, a new file by null (its place among the files). */
const imageOrder = (slots: Slots) => slots.flatMap((s) => (s === null ? [] : 'url' in s ? [s.url] : [null]));
const EMPTY = { name: '', description: '', category: '', price: '', offerPrice: '', stock: '' };
const toNumber = (v: string) => (v.trim() === '' ? undefined : Number(v));
const text = (n: number | null) => (n === null ? '' : String(n));
const stockChanged = (error: unknown): error is ApiError => error instanceof ApiError && error.code === 'stock_changed';
const valuesOf = (p: ProductDto) => ({
  name: p.name,
  description: p.description.join('\n'),
  category: p.category,
  price: text(p.price),
  offerPrice: text(p.offerPrice),
  stock: text(p.stock),
});

function ImageSlot({ index, slot, onPick }: { index: number; slot: Slot; onPick: (slot: Slot) => void }) {
  const file = slot && 'file' in slot ? slot.file : null;
  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  const preview = objectUrl ?? (slot && 'url' in slot ? slot.url : null);
  const id = `product-image-${index}`;
  return (
    <div className="image-slot-wrap">
      <label htmlFor={id} className="image-slot">
        <input
          id={id}
          type="file"
          accept={PRODUCT_IMAGE_ACCEPT}
          className="visually-hidden"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            // Emptied so picking the same file again (after removing it) is a change too.
            e.target.value = '';
            if (picked) onPick({ file: picked });
          }}
        />
        {preview ? <img src={preview} alt={`Product image ${index + 1} preview`} /> : <UploadIcon size={28} />}
        <span className="visually-hidden">{`Product image ${index + 1}`}</span>
      </label>
      {slot ? (
        <button type="button" className="image-slot__remove" onClick={() => onPick(null)} aria-label={`Remove product image ${index + 1}`}>
          ×
        </button>
      ) : null}
    </div>
  );
}

/**
 * The seller's product form: 4 image slots, name, description ('/n' or new lines split it), category, prices, stock.
 * Without `product` it adds a new one; with it, it edits that product (kept images, new files, every field).
 */
export function AddProductForm({ product: editing }: { product?: ProductDto }) {
  const productReceived = useSellerProducts((s) => s.productReceived);
  const navigate = useNavigate();
  const [slots, setSlots] = useState<Slots>(() => (editing ? slotsOf(editing) : emptySlots()));
  const [formKey, setFormKey] = useState(0);
  // The count the stock field was filled with: sales do not reach this form, so an edit of the field is sent with it
  // and the server refuses it if the stored count has moved on.
  const [stockSeen, setStockSeen] = useState(editing?.stock ?? null);

  /** After a refused stock edit: the current count becomes the one seen, so saving again is the seller's decision. */
  async function stockRefreshed(id: string) {
    const fresh = await currentSellerProduct(id);
    if (!fresh) return;
    productReceived(fresh);
    setStockSeen(fresh.stock);
  }

  const form = useZodForm({
    initial: editing ? valuesOf(editing) : EMPTY,
    schema: ProductData,
    toInput: (v) => ({ ...v, price: toNumber(v.price), offerPrice: toNumber(v.offerPrice), stock: toNumber(v.stock) }),
    // A refused stock edit is shown at the stock field; other failures are toasts.
    serverErrors: (error) => (stockChanged(error) ? { stock: error.message } : {}),
    onSubmit: async (product, { description }) => {
      if (editing) {
        // An untouched stock field is left out, so the edit leaves the stored count (and the sales since) alone.
        // An emptied one stops counting; the server keeps availability unless the count says otherwise.
        const stock = product.stock ?? null;
        const stockEdit = stock === stockSeen ? {} : { stock, stockSeen };
        const reply = await editProduct(
          editing._id,
          {
            name: product.name,
            description,
            category: product.category,
            price: product.price,
            offerPrice: product.offerPrice,
            ...stockEdit,
            images: imageOrder(slots),
          },
          newFiles(slots),
        ).catch(async (error: unknown) => {
          if (stockChanged(error)) await stockRefreshed(editing._id);
          throw error;
        });
        productReceived(reply.product);
        toast.success(reply.message);
        navigate('/seller/product-list');
        return;
      }
      const reply = await addProduct(
        {
          name: product.name,
          // Sent as typed: the server splits it into bullet lines as the schema does.
          description,
          category: product.category,
          price: product.price,
          offerPrice: product.offerPrice,
          ...(product.stock === undefined ? {} : { stock: product.stock }),
        },
        newFiles(slots),
      );
      toast.success(reply.message);
      productReceived(reply.product);
      setSlots(emptySlots());
      form.reset();
      setFormKey((k) => k + 1);
    },
  });
  const { values, errors, busy } = form;

  return (
    <form key={formKey} className="seller-form" onSubmit={form.handleSubmit} noValidate aria-labelledby="add-product-title">
      <h1 id="add-product-title" className="page-title">
        {editing ? `Edit ${editing.name}` : 'Add Product'}
      </h1>
      <fieldset className="seller-form__images">
        <legend className="field-label">Product Images</legend>
        <div className="image-slots">
          {slots.map((slot, i) => (
            <ImageSlot key={i} index={i} slot={slot} onPick={(next) => setSlots((s) => s.map((old, j) => (j === i ? next : old)))} />
          ))}
        </div>
        <p className="field__hint">Up to {PRODUCT_IMAGE_SLOTS} images (PNG, JPEG or WebP).</p>
      </fieldset>
      <FormField
        label="Product Name"
        required
        {...form.field('name')}
        placeholder="Type here"
      />
      <div className="field">
        <label htmlFor="product-description">Product Description</label>
        <textarea
          id="product-description"
          name="description"
          rows={4}
          value={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby="product-description-hint"
          onChange={(e) => form.setValue('description', e.target.value)}
          placeholder="One point per line (or separate points with /n)"
        />
        <p className="field__hint" id="product-description-hint">
          {errors.description ?? 'Each line becomes a bullet on the product page.'}
        </p>
      </div>
      <div className="field">
        <label htmlFor="product-category">Category</label>
        <select
          id="product-category"
          name="category"
          required
          value={values.category}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? 'product-category-error' : undefined}
          onChange={(e) => form.setValue('category', e.target.value)}
        >
          <option value="">Select Category</option>
          {CATEGORIES.map((c) => (
            <option key={c.path} value={c.path}>
              {c.path}
            </option>
          ))}
        </select>
        {errors.category ? (
          <p className="field__error" id="product-category-error">
            Choose a category
          </p>
        ) : null}
      </div>
      <div className="seller-form__row">
        <RupeesField label="Product Price" placeholder="0" {...form.field('price')} />
        <RupeesField label="Offer Price" placeholder="0" {...form.field('offerPrice')} />
        <FormField
          label="Stock (optional)"
          type="number"
          inputMode="numeric"
          min={0}
          step="1"
          {...form.field('stock')}
          placeholder="Not counted"
        />
      </div>
      <button type="submit" className="btn seller-form__submit" disabled={busy}>
        {editing ? (busy ? 'Saving…' : 'Save Changes') : busy ? 'Adding…' : 'Add Product'}
      </button>
    </form>
  );
}
