;;; collect.el --- run after a documented init.el has set spl up: opens SPL_FILE, waits until its
;;; Flymake diagnostics hold SPL_CODE (or 60 s), writes them to SPL_OUT as lines
;;; "line<TAB>message" and exits.  Environment set by the test: SPL_FILE, SPL_CODE, SPL_OUT.

;; What an interactive Emacs does at startup and batch Emacs does not: activate installed packages.
(package-activate-all)
(load (getenv "SPL_INIT") nil t)
(find-file (getenv "SPL_FILE"))
;; eglot-ensure connects after the next command; batch Emacs runs no command loop.
(run-hooks 'post-command-hook)
(let ((deadline (+ (float-time) 60))
      (code (getenv "SPL_CODE")))
  (while (and (< (float-time) deadline)
              (not (seq-find (lambda (d) (string-search code (flymake-diagnostic-text d)))
                             (flymake-diagnostics))))
    (accept-process-output nil 0.2)
    (flymake-start)))
(let ((mode major-mode)
      (lines (mapcar (lambda (d)
                       (format "%d\t%s\n"
                               (line-number-at-pos (flymake-diagnostic-beg d))
                               (flymake-diagnostic-text d)))
                     (flymake-diagnostics))))
  (with-temp-file (getenv "SPL_OUT")
    (insert (format "mode\t%s\n" mode))
    (mapc #'insert lines)))
(kill-emacs 0)
