import { useEffect, useState } from 'react';
import { countCart } from '../api/cart';

/**
 * The number of items in the signed-in student's cart (a badge), loaded when signed in; null
 * while unknown or when anonymous. The setter takes the count a cart call answered.
 */
export function useCartCount(signedIn: boolean): [number | null, (count: number) => void] {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!signedIn) {
      setCount(null);
      return;
    }
    let current = true;
    countCart().then(
      (answer) => current && setCount(answer.count),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [signedIn]);
  return [count, setCount];
}
