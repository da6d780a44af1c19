import type { AddressDto } from '@core/contracts/http/addresses';

export function addressLine(a: AddressDto): string {
  return `${a.street}, ${a.city}, ${a.state} ${a.zipcode}, ${a.country}`;
}
