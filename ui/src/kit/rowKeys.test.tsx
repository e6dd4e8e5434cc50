import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { moveAmongRows } from "./rowKeys";

afterEach(cleanup);

/** A plain table as the areas draw theirs: a row's name opens it, a box picks it, a menu button acts on it. */
function Plain({ onOpen }: { onOpen: (name: string) => void }) {
  const names = ["Spring", "Summer", "Autumn", "Winter"];
  return (
    <table>
      <tbody onKeyDown={moveAmongRows}>
        {names.map((name) => (
          <tr key={name}>
            <td>
              <input type="checkbox" aria-label={`Pick ${name}`} />
            </td>
            <td>
              <button type="button" onClick={() => onOpen(name)}>
                {name}
              </button>
            </td>
            <td>
              {/* Opens its menu on Down, as the kit's Menu does, which keeps the key. */}
              <button type="button" aria-label={`Actions for ${name}`} onKeyDown={(e) => e.key === "ArrowDown" && e.preventDefault()}>
                ⋯
              </button>
              <input aria-label={`Note on ${name}`} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
const focused = () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent;

describe("a plain table's rows from the keyboard", () => {
  it("moves to the same control a row up or down, a page, or to the ends, and Enter opens the row reached", () => {
    const onOpen = vi.fn();
    render(<Plain onOpen={onOpen} />);
    screen.getByText("Spring").focus();
    press("ArrowDown");
    expect(focused()).toBe("Summer");
    press("End");
    expect(focused()).toBe("Winter");
    press("ArrowDown");
    expect(focused(), "the last row stays the last").toBe("Winter");
    press("PageUp");
    expect(focused()).toBe("Spring");
    press("ArrowDown");
    press("ArrowDown");
    fireEvent.click(document.activeElement!);
    expect(onOpen).toHaveBeenCalledWith("Autumn");

    screen.getByLabelText("Pick Summer").focus();
    press("ArrowUp");
    expect(focused()).toBe("Pick Spring");
    press("Home");
    expect(focused()).toBe("Pick Spring");
  });

  it("leaves a key to the control that used it, and to a field being typed in", () => {
    render(<Plain onOpen={vi.fn()} />);
    screen.getByLabelText("Actions for Spring").focus();
    press("ArrowDown");
    expect(focused(), "the menu's button kept Down").toBe("Actions for Spring");
    press("ArrowUp");
    expect(focused(), "Up is not the menu's").toBe("Actions for Spring");
    screen.getByLabelText("Actions for Summer").focus();
    press("ArrowUp");
    expect(focused()).toBe("Actions for Spring");

    screen.getByLabelText("Note on Spring").focus();
    const left = press("End");
    expect(left, "End moves the caret in the field").toBe(true);
    expect(focused()).toBe("Note on Spring");
  });
});
