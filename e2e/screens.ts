/** Every signed-in screen of spec §2 (the phone and accessibility specs visit each one). */
export const SCREENS = [
  '/tong-quan', '/quan-ly-thiet-bi', '/ban-do-thiet-bi', '/cau-hinh-thiet-bi', '/quan-ly-dia-ban', '/quan-ly-tai-khoan', '/nhat-ky-he-thong',
  '/huong-dan', '/thong-bao', '/loi-moi', '/quan-ly-lich-phat', '/nhat-ky-phat-song', '/quan-ly-chuong-trinh', '/ket-noi',
];
