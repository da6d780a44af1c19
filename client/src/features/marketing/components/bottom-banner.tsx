import bannerWide from '../../../assets/bottom-banner.svg';
import bannerSmall from '../../../assets/bottom-banner-small.svg';
import { BannerArt } from './banner-art';
import { VALUE_CARDS } from './value-cards';
import './marketing.css';

/** "Why we are the best": the four value cards laid over the bottom banner. */
export function BottomBanner() {
  return (
    <section className="bottom-banner" aria-labelledby="why-title">
      <BannerArt className="bottom-banner__art" wide={bannerWide} small={bannerSmall} height={420} />
      <div className="bottom-banner__content">
        <h2 id="why-title" className="section-title bottom-banner__title">
          Why We Are the Best?
        </h2>
        <ul className="value-cards">
          {VALUE_CARDS.map((card) => (
            <li key={card.title} className="value-card">
              <img src={card.icon} alt="" width={44} height={44} loading="lazy" />
              <div>
                <h3>{card.title}</h3>
                <p>{card.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
