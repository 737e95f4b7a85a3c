/** Width, padding and vertical rhythm shared by every content page. */
import type { ReactNode } from "react";

export function PageContainer({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className={`mx-auto w-full px-4 py-12 sm:px-6 lg:py-16 ${narrow ? "max-w-3xl" : "max-w-6xl"}`}>
      {children}
    </div>
  );
}
