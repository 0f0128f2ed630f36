;;; session.el --- Drives eglot, Emacs's LSP client, against Routemap on a copy of the sample app.
;; Run by server/test/emacs.test.mjs after the README's eglot snippet: starts eglot on the routes
;; file as `M-x eglot' does, then prints what a user sees, one `what: value' line each: the
;; routes file's diagnostics (through Flymake), a hover on a helper in a controller, where
;; go-to-definition lands, the completions of a helper being typed, and Emacs's warnings.
(require 'eglot)
(require 'subr-x)

(defvar routemap-app (file-name-as-directory (getenv "ROUTEMAP_APP")))

(defun routemap-wait-for (predicate seconds)
  "Lets Emacs read the server's messages until PREDICATE holds, or SECONDS pass."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (< (float-time) deadline) (not (funcall predicate)))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(defun routemap-say (what value)
  (princ (format "%s: %s\n" what value)))

(set-buffer (find-file (expand-file-name "config/routes.rb" routemap-app)))
(call-interactively #'eglot)
(routemap-say "managed" (and (eglot-managed-p) t))
(routemap-wait-for (lambda () (flymake-diagnostics)) 30)
(dolist (d (flymake-diagnostics))
  (routemap-say "diagnostic" (format "%s %s" (flymake-diagnostic-type d) (flymake-diagnostic-text d))))

(set-buffer (find-file (expand-file-name "app/controllers/admin/products_controller.rb" routemap-app)))
(routemap-say "controller managed" (and (eglot-managed-p) t))
(goto-char (point-min))
(search-forward "redirect_to admin_product_path")
(backward-char 3)
(let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover (eglot--TextDocumentPositionParams))))
  (routemap-say "hover" (car (split-string (plist-get (plist-get hover :contents) :value) "\n"))))
(call-interactively #'xref-find-definitions)
(set-buffer (window-buffer (selected-window)))
(routemap-say "definition" (format "%s:%d: %s" (file-relative-name buffer-file-name routemap-app) (line-number-at-pos) (string-trim (thing-at-point 'line t))))

(set-buffer (find-file (expand-file-name "app/controllers/admin/products_controller.rb" routemap-app)))
(goto-char (point-min))
(search-forward "redirect_to admin_products_path")
(insert "\n      edit_admin_prod")
(let* ((capf (eglot-completion-at-point))
       (typed (buffer-substring-no-properties (nth 0 capf) (nth 1 capf))))
  (routemap-say "completion" (mapconcat #'substring-no-properties (all-completions typed (nth 2 capf)) " ")))
(set-buffer-modified-p nil)

(routemap-say "warnings" (if (get-buffer "*Warnings*") (with-current-buffer "*Warnings*" (string-trim (buffer-string))) "none"))
(kill-emacs 0)
