import { useId, useState } from 'react';
import { SUPPORT_HOURS } from '../../../config/constants';
import './info.css';

export const FAQS = [
  {
    question: 'How fast will my order arrive?',
    answer:
      'Most FreshCart orders reach you in about 10 minutes, because they are packed at a store close to your address. At busy times it can take a little longer, and we aim for under 30 minutes.',
  },
  {
    question: 'Is there a delivery charge?',
    answer: 'No. Delivery is free on every order. Only a ₹2 platform fee is added at checkout.',
  },
  {
    question: 'How can I pay?',
    answer:
      'Choose Cash On Delivery, or Online Payment through Razorpay (UPI, cards, net banking and wallets). Online orders show “Pending” until the payment is confirmed, then change to “Order Placed” on their own.',
  },
  {
    question: 'How do I track my order?',
    answer:
      'Open My Orders. Each order shows a timeline (Order Placed, On The Way, Delivered) that updates live the moment the store moves it, without refreshing the page.',
  },
  {
    question: 'What if an item is missing or damaged?',
    answer:
      'Tap the WhatsApp support link on your order within 48 hours of delivery. We will replace the item or refund it; refunds reach your original payment method in 5–7 business days.',
  },
  {
    question: 'When can I reach customer support?',
    answer: `Our team is available every day, ${SUPPORT_HOURS}, on WhatsApp, phone and email. Details are on the Contact page.`,
  },
] as const;

/** Six questions; each header is a button that shows or hides its answer (WAI-ARIA accordion pattern). */
export function FaqAccordion() {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <div className="faq">
      {FAQS.map((faq, i) => {
        const expanded = open === i;
        const buttonId = `${baseId}-q${i}`;
        const panelId = `${baseId}-a${i}`;
        return (
          <div key={faq.question} className="faq__item">
            <h2 className="faq__question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
              >
                <span>{faq.question}</span>
                <span className="faq__chevron" aria-hidden="true">
                  ▾
                </span>
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
              <p>{faq.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
