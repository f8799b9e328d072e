import { useState } from 'react';

interface BrandMarkProps {
  name: string;
  logo: string;
  /** Larger mark for the sign-in and error cards. */
  size?: 'md' | 'lg';
}

/**
 * The brand's logo, whose alt text is the brand name. A site config's `logo` is the brand's lockup (the
 * demo brands' logos already spell the name), so the name is not printed beside it a second time; it is
 * shown as text when there is no logo or the image fails to load.
 */
export function BrandMark({ name, logo, size = 'md' }: BrandMarkProps) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <span className={`brand-mark brand-mark--${size}`}>
      {logo && !hasFailed ? (
        <img
          className="brand-mark__logo"
          src={logo}
          alt={name}
          onError={() => {
            setHasFailed(true);
          }}
        />
      ) : (
        <span className="brand-mark__name">{name}</span>
      )}
    </span>
  );
}
