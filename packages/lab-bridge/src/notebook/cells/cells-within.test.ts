import { describe, expect, it } from 'vitest';
import { cellsWithin, jsonLengthWithoutPictures } from './cells-within.js';

const cell = (index: number, chars: number) => ({ id: `c${index}`, index, source: 'x'.repeat(chars) });

describe('cellsWithin', () => {
  it('gives whole cells, in order, while they fit beside the other fields, and builds no view past them', () => {
    const built: number[] = [];
    const viewAt = (index: number) => {
      built.push(index);
      return cell(index, 1000);
    };
    const views = cellsWithin([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], viewAt, 5000, 500);
    expect(views.map((view) => view.index)).toEqual([0, 1, 2]);
    expect(built).toEqual([0, 1, 2, 3]);
    const used = 500 + 400 + views.reduce((sum, view) => sum + JSON.stringify(view).length + 1, 0);
    expect(used).toBeLessThanOrEqual(5000);
  });

  it('gives every cell when all fit, and the first alone when even it does not', () => {
    expect(cellsWithin([3, 4], (index) => cell(index, 10), 60_000, 0)).toHaveLength(2);
    expect(cellsWithin([3, 4], (index) => cell(index, 10_000), 1000, 0).map((view) => view.index)).toEqual([3]);
    expect(cellsWithin([], (index) => cell(index, 10), 1000, 0)).toEqual([]);
  });

  it('counts a picture as the label that takes its place, not its base64', () => {
    const withPicture = { id: 'p', outputs: [{ text: '<Figure>', 'image/png': 'A'.repeat(100_000) }] };
    expect(jsonLengthWithoutPictures(withPicture)).toBeLessThan(200);
    expect(cellsWithin([0, 1], () => withPicture, 1000, 0)).toHaveLength(2);
  });

  it('measures a value without pictures as its JSON, one that only names image/ in its text too', () => {
    const plain = { id: 'q', source: 'plt.savefig("image/png")', outputs: [{ text: 'saved "image/png" ✓' }] };
    expect(jsonLengthWithoutPictures(plain)).toBe(JSON.stringify(plain).length);
    const short = { 'image/png': 'A'.repeat(10) };
    expect(jsonLengthWithoutPictures(short)).toBe(JSON.stringify(short).length);
  });

  it('takes a cell that fills the budget to the character, counting a comma between cells, and not one more', () => {
    const views = [cell(0, 100), cell(1, 100)];
    const budget = 250 + 400 + views.reduce((sum, view) => sum + JSON.stringify(view).length + 1, 0);
    expect(cellsWithin([0, 1], (index) => views[index]!, budget, 250)).toHaveLength(2);
    expect(cellsWithin([0, 1], (index) => views[index]!, budget - 1, 250)).toHaveLength(1);
  });

  it('counts a picture longer than its label as exactly the label, and nothing else shorter', () => {
    const label = 'x'.repeat(64);
    const value = { source: 's'.repeat(500), outputs: [{ 'image/png': 'A'.repeat(65), 'image/jpeg': 'B'.repeat(64) }] };
    const counted = { source: 's'.repeat(500), outputs: [{ 'image/png': label, 'image/jpeg': 'B'.repeat(64) }] };
    expect(jsonLengthWithoutPictures(value)).toBe(JSON.stringify(counted).length);
  });
});
