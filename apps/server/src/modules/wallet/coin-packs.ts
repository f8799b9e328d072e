/**
 * The coin packs a member can buy (the spec leaves quantities open: "Coin quantity of purchases: not
 * shown"). Prices are integer minor units of the brand's billing currency; the server prices a pack,
 * never the browser.
 */
export interface CoinPack {
  id: string;
  coins: number;
  priceMinor: number;
}

export const COIN_PACKS: readonly CoinPack[] = [
  { id: 'coins-100', coins: 100, priceMinor: 199 },
  { id: 'coins-550', coins: 550, priceMinor: 999 },
  { id: 'coins-1200', coins: 1200, priceMinor: 1999 },
];

export function findCoinPack(id: string): CoinPack | undefined {
  return COIN_PACKS.find((pack) => pack.id === id);
}
