import { Link } from 'react-router-dom';
import logo from '../../../assets/logo.svg';
import './seller.css';

/** The logo as a link to the shop: seller pages hide the navbar, so this is their way back. */
export function ShopLogoLink() {
  return (
    <Link to="/" className="seller-logo">
      <img src={logo} alt="FreshCart home" width={120} height={32} />
    </Link>
  );
}
