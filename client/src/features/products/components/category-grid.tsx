import { Link } from 'react-router-dom';
import { CATEGORIES } from '@core/domain/categories';
import { CATEGORY_IMAGE, categoryHref } from './category-visuals';
import './products.css';

export function CategoryGrid() {
  return (
    <section className="categories" aria-labelledby="categories-title">
      <h2 id="categories-title" className="section-title">
        Categories
      </h2>
      <ul className="categories__grid">
        {CATEGORIES.map((category) => (
          <li key={category.path}>
            <Link
              to={categoryHref(category.path)}
              className="category-tile"
              style={{ backgroundColor: category.bgColor }}
              data-testid="category-tile"
            >
              <img src={CATEGORY_IMAGE[category.path]} alt="" width={96} height={96} loading="lazy" />
              <span>{category.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
