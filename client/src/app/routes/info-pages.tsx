import { useParams } from 'react-router-dom';
import {
  SUPPORT_EMAIL,
  SUPPORT_HOURS,
  SUPPORT_PHONE_DISPLAY,
  SUPPORT_WHATSAPP_NUMBER,
} from '../../config/constants';
import { FaqAccordion } from '../../features/info/components/faq-accordion';
import { InfoArticle } from '../../features/info/components/info-article';
import { POLICIES } from '../../features/info/components/policy-content';
import { isPolicySlug } from '../../features/info/components/policy-links';
import { NotFound } from './not-found';

export function ContactRoute() {
  return (
    <InfoArticle
      title="Contact Us"
      intro="Questions about an order, a refund or selling on FreshCart? We are here to help, every day."
    >
      <div className="info-cards">
        <section className="info-card">
          <h2>Support hours</h2>
          <p>{SUPPORT_HOURS}, all days of the week.</p>
        </section>
        <section className="info-card">
          <h2>WhatsApp</h2>
          <p>The fastest way to reach us. For an order, use the link on the order in My Orders.</p>
          <a href={`https://wa.me/${SUPPORT_WHATSAPP_NUMBER}`} target="_blank" rel="noopener noreferrer">
            Chat with us<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </section>
        <section className="info-card">
          <h2>Phone</h2>
          <a href={`tel:+${SUPPORT_WHATSAPP_NUMBER}`}>{SUPPORT_PHONE_DISPLAY}</a>
        </section>
        <section className="info-card">
          <h2>Email</h2>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          <p className="muted">We reply within one business day.</p>
        </section>
      </div>
    </InfoArticle>
  );
}

export function AboutRoute() {
  return (
    <InfoArticle
      title="About FreshCart"
      intro="FreshCart is an online grocery and daily-essentials marketplace for India. Local sellers list their freshest produce and pantry staples, and we get them to your door in about 10 minutes."
      sections={[
        {
          heading: 'Fresh from the source',
          paragraphs: [
            'Fruits and vegetables come straight from farms and wholesale markets to stores near you, so what reaches your kitchen was picked days, not weeks, ago.',
          ],
        },
        {
          heading: 'Prices that make sense',
          paragraphs: [
            'Quality groceries at unbeatable prices: every product shows its MRP and our offer price, delivery is free, and the only extra is a ₹2 platform fee.',
          ],
        },
        {
          heading: 'Track every order live',
          paragraphs: [
            'From “Order Placed” to “On The Way” to “Delivered”, your order’s timeline updates the moment it moves. No refreshing, no guessing.',
          ],
        },
        {
          heading: 'A marketplace for local sellers',
          paragraphs: [
            'FreshCart is multi-vendor: neighbourhood stores and producers manage their own catalogue and orders from the seller dashboard. Over 10,000 happy customers shop with them.',
          ],
        },
      ]}
    />
  );
}

export function FaqsRoute() {
  return (
    <InfoArticle title="Frequently Asked Questions" intro="Quick answers to the questions we hear most.">
      <FaqAccordion />
    </InfoArticle>
  );
}

export function PolicyRoute() {
  const { policy } = useParams();
  if (!isPolicySlug(policy)) return <NotFound what="Page" detail="We have no such policy. The footer lists every one." />;
  const content = POLICIES[policy];
  return (
    <InfoArticle title={content.title} meta={`Last updated ${content.updated}`} intro={content.intro} sections={content.sections} />
  );
}
