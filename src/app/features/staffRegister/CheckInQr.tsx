import { encode } from 'uqr';

/**
 * The check-in code as a QR code (issue 31 §5), drawn as one SVG path of its dark modules on white
 * with the standard quiet zone, so it scans from a projector in any theme. Only this lazily loaded
 * module imports the QR library: the register page's chunk and every student's page do without it.
 */
export default function CheckInQr({ code }: { readonly code: string }) {
  const { data, size } = encode(code, { ecc: 'M', border: 4 });
  const path = data
    .flatMap((row, y) => row.map((isDark, x) => (isDark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('');
  return (
    <svg className="check-in-code__qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={`QR code of the check-in code ${code.split('').join(' ')}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
