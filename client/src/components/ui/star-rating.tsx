import starFull from '../../assets/star-full.svg';
import starDull from '../../assets/star-dull.svg';

/** The store shows a fixed rating at 4 of 5 stars with "(4)". */
export function StarRating({ rating = 4, size = 14 }: { rating?: number; size?: number }) {
  return (
    <div className="stars" aria-label={`Rated ${rating} out of 5`} role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <img key={i} src={i < rating ? starFull : starDull} alt="" width={size} height={size} aria-hidden="true" />
      ))}
      <span className="stars__count" aria-hidden="true">
        ({rating})
      </span>
    </div>
  );
}
