import { Link } from 'react-router-dom';
import logo from '../../assets/logo.svg';
import appStore from '../../assets/app-store-badge.svg';
import playStore from '../../assets/play-store-badge.svg';
import facebook from '../../assets/social-facebook.svg';
import instagram from '../../assets/social-instagram.svg';
import x from '../../assets/social-x.svg';
import youtube from '../../assets/social-youtube.svg';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE_DISPLAY, SUPPORT_WHATSAPP_NUMBER } from '../../config/constants';
import { POLICY_LINKS } from '../../features/info/components/policy-links';

const SOCIAL = [
  { icon: facebook, label: 'FreshCart on Facebook' },
  { icon: instagram, label: 'FreshCart on Instagram' },
  { icon: x, label: 'FreshCart on X' },
  { icon: youtube, label: 'FreshCart on YouTube' },
] as const;

const COMPANY_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Best Sellers' },
  { to: '/about', label: 'About Us' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/seller/register', label: 'Become Seller' },
] as const;

const POLICY_PAGES = POLICY_LINKS.map((p) => ({ to: `/policy/${p.slug}`, label: p.label }));

/** A footer column of site links under its heading. */
function LinkColumn({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav className="footer__col" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="tap-target">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <div className="footer__brand">
          <img src={logo} alt="FreshCart" width={132} height={36} loading="lazy" />
          <p>
            Fresh groceries and daily essentials from sellers near you, delivered in 10 minutes. Quality at unbeatable
            prices, trusted by 10,000+ happy customers.
          </p>
          <div className="footer__badges">
            {/* Placeholder links until the apps are published. */}
            <a href="#" aria-label="Download on the App Store (coming soon)">
              <img src={appStore} alt="" width={120} height={40} loading="lazy" />
            </a>
            <a href="#" aria-label="Get it on Google Play (coming soon)">
              <img src={playStore} alt="" width={135} height={40} loading="lazy" />
            </a>
          </div>
        </div>

        <LinkColumn id="footer-company" title="Company" links={COMPANY_LINKS} />
        <LinkColumn id="footer-policy" title="Policy" links={POLICY_PAGES} />

        <div className="footer__col">
          <h2 id="footer-contact">Contact Us</h2>
          <ul aria-labelledby="footer-contact">
            <li>
              <Link to="/contact" className="tap-target">
                Contact page
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className="tap-target">
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              <a href={`tel:+${SUPPORT_WHATSAPP_NUMBER}`} className="tap-target">
                {SUPPORT_PHONE_DISPLAY}
              </a>
            </li>
            <li className="muted">{SUPPORT_HOURS}, every day</li>
          </ul>
          <ul className="footer__social" aria-label="Social media">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a href="#" aria-label={s.label}>
                  <img src={s.icon} alt="" width={28} height={28} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="footer__copy container">© {new Date().getFullYear()} FreshCart. All rights reserved.</p>
    </footer>
  );
}
