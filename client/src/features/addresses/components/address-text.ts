import type { AddressDto } from '@core/contracts/http/address-replies';

export function addressLine(a: AddressDto): string {
  return `${a.street}, ${a.city}, ${a.state} ${a.zipcode}, ${a.country}`;
}
