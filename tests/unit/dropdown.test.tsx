/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { Dropdown } from "@/components/ui/menu";

jest.mock("@/lib/auth-client", () => ({ authClient: {}, clearStoredToken: () => {} }));

function setup() {
  render(
    <div>
      <p>outside</p>
      <Dropdown label="alice">{() => <button role="menuitem">Profile</button>}</Dropdown>
    </div>,
  );
  const button = screen.getByRole("button", { name: /alice/ });
  fireEvent.click(button);
  expect(screen.getByRole("menu")).toBeInTheDocument();
  expect(button).toHaveAttribute("aria-expanded", "true");
  return button;
}

test("the dropdown closes on a click outside it", () => {
  setup();
  fireEvent.mouseDown(screen.getByText("outside"));
  expect(screen.queryByRole("menu")).not.toBeInTheDocument();
});

test("a click inside the menu does not close it", () => {
  setup();
  fireEvent.mouseDown(screen.getByRole("menuitem", { name: "Profile" }));
  expect(screen.getByRole("menu")).toBeInTheDocument();
});

test("Escape closes the dropdown and returns focus to its button", () => {
  const button = setup();
  fireEvent.keyDown(document, { key: "Escape" });
  expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});
