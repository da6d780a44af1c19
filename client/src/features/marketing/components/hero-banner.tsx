import { Link } from 'react-router-dom';
import heroWide from '../../../assets/hero-banner.svg';
import heroSmall from '../../../assets/hero-banner-small.svg';
import { BannerArt } from './banner-art';
import './marketing.css';

export function HeroBanner() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <BannerArt className="hero__art" wide={heroWide} small={heroSmall} height={480} firstScreen />
      <div className="hero__content">
        <h1 id="hero-title" className="hero__title">
          Freshness You Can Trust, Savings You Will Love!
        </h1>
        <p className="hero__lead">Fruits, vegetables, dairy and daily essentials at your door in 10 minutes.</p>
        <div className="hero__actions">
          <Link to="/products" className="btn hero__shop">
            Shop Now <span aria-hidden="true">→</span>
          </Link>
          <Link to="/products" className="btn btn--ghost hero__deals">
            Explore Deals <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </section>
  );
}
