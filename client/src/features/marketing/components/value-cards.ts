import delivery from '../../../assets/value-delivery.svg';
import freshness from '../../../assets/value-fresh.svg';
import price from '../../../assets/value-price.svg';
import trust from '../../../assets/value-trust.svg';

/** The four value cards of the home page. */
export const VALUE_CARDS = [
  {
    icon: delivery,
    title: 'Fastest Delivery',
    description: 'Groceries delivered in 10 minutes, from a store near you.',
  },
  {
    icon: freshness,
    title: 'Freshness Guaranteed',
    description: 'Fresh produce straight from the source, checked before it is packed.',
  },
  {
    icon: price,
    title: 'Affordable Prices',
    description: 'Quality groceries at unbeatable prices, with offers every day.',
  },
  {
    icon: trust,
    title: 'Trusted by Thousands',
    description: 'Loved by 10,000+ happy customers across India.',
  },
] as const;
